/** Calendar days (YYYY-MM-DD) and the language's locale; their formatting lives in lib/format.ts. */
export { formatDate, localeOf, parseDate } from './format';
