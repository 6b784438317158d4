import { useCallback, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../i18n';
import { formatLocalDate, formatLocalTime, parseLocalDate, parseLocalTime } from '../lib/localDates';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { kind: 'date' | 'time'; ref?: Ref<HTMLInputElement> };

// Read when used: prerendering runs without a DOM.
const nativeValueOf = () => (typeof HTMLInputElement === 'undefined' ? undefined : Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value'));

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A date (dd/mm/yyyy or mm/dd/yyyy) or time (24 h or 12 h) typed in the page's language. The form
 * sees a hidden input holding the ISO value (YYYY-MM-DD, HH:MM), so react-hook-form's `register`
 * works as with a native input: values it sets show up in the language's format, and text that
 * is not a date is passed on as typed for the form's checks to name.
 */
export function LocalDateTimeInput({ kind, ref, name, onChange, onBlur, value, defaultValue, id, className, ...rest }: Props) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const format = useCallback((iso: string) => (kind === 'date' ? formatLocalDate(iso, lang) : formatLocalTime(iso, lang)), [kind, lang]);
  const understood = (text: string) => (kind === 'date' ? parseLocalDate(text, lang) : parseLocalTime(text));
  const parse = (text: string) => (text.trim() === '' ? '' : (understood(text) ?? text));
  const initial = String(value ?? defaultValue ?? '');
  const [iso, setIso] = useState(initial);
  const [text, setText] = useState(() => format(initial));
  const visible = useRef<HTMLInputElement>(null);

  // A new value from the form, or another language: the value drawn again in its format.
  const [drawn, setDrawn] = useState({ iso, format });
  if (drawn.iso !== iso || drawn.format !== format) {
    setDrawn({ iso, format });
    setText(format(iso));
  }

  const hiddenRef = useCallback(
    (element: HTMLInputElement | null) => {
      const nativeValue = nativeValueOf();
      if (element && nativeValue?.get && nativeValue.set) {
        const { get, set } = nativeValue;
        // Values the form sets (defaults, reset) reach the visible text too.
        Object.defineProperty(element, 'value', {
          configurable: true,
          get: () => get.call(element),
          set: (next: string) => {
            set.call(element, next);
            setIso(next);
          },
        });
        element.focus = () => visible.current?.focus();
      }
      assignRef(ref, element);
    },
    [ref],
  );

  const send = (handler: typeof onChange, type: 'change' | 'blur', next: string) =>
    handler?.({ target: { name, value: next }, type } as unknown as React.ChangeEvent<HTMLInputElement>);

  return (
    <>
      <input type="hidden" name={name} ref={hiddenRef} defaultValue={initial} />
      <input
        {...rest}
        id={id}
        ref={visible}
        type="text"
        inputMode={kind === 'date' ? 'numeric' : 'text'}
        autoComplete="off"
        lang={lang}
        placeholder={kind === 'date' ? (lang === 'en' ? 'mm/dd/yyyy' : 'dd/mm/aaaa') : lang === 'en' ? 'h:mm AM' : 'hh:mm'}
        value={text}
        className={className}
        onChange={(e) => {
          setText(e.target.value);
          const next = parse(e.target.value);
          // Straight to the hidden input: the text being typed is not redrawn under the cursor.
          const hidden = visible.current?.previousElementSibling;
          if (hidden instanceof HTMLInputElement) nativeValueOf()?.set?.call(hidden, next);
          send(onChange, 'change', next);
        }}
        onBlur={(e) => {
          const known = understood(e.target.value);
          if (known) {
            setIso(known);
            setText(format(known));
          }
          send(onBlur as typeof onChange, 'blur', parse(e.target.value));
        }}
      />
    </>
  );
}
