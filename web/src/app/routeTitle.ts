/** The signed-in pages' titles, by path: the key of `sections.*` or `nav.*` that names each one. */
const TITLES: [RegExp, string][] = [
  [/^\/children\/?$/, 'children.title'],
  [/^\/children\/[^/]+/, 'sections.childDetail'],
  [/^\/messages\/[^/]+\/print/, 'print.title'],
  [/^\/messages/, 'sections.messages'],
  [/^\/search/, 'search.title'],
  [/^\/calendar/, 'sections.calendar'],
  [/^\/finances/, 'sections.finances'],
  [/^\/notifications/, 'notifications.title'],
  [/^\/profile\/edit/, 'sections.profileEdit'],
  [/^\/profile\/(coparents|documents|reports|suggestions|notifications|privacy|blocked|help|about)/, 'sections.$1'],
  [/^\/profile\/?$/, 'sections.profile'],
  [/^\/casos\/?$/, 'cases.title'],
  [/^\/casos\/[^/]+/, 'sections.case'],
];

/** The i18n key naming the signed-in page at `pathname`, if any. */
export function routeTitleKey(pathname: string): string | undefined {
  for (const [pattern, key] of TITLES) {
    const match = pattern.exec(pathname);
    if (match) return key.replace('$1', match[1] ?? '');
  }
  return undefined;
}
