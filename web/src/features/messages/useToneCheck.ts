import { useEffect, useState } from 'react';
import { checkTone } from './api';
import type { ToneAnswer } from './types';

export interface ToneResult {
  /** The text the answer is about: its offsets count in it, not in a draft typed since. */
  text: string;
  answer: ToneAnswer;
}

const TONE_DELAY_MS = 400;

/**
 * How the draft reads, asked once the parent pauses typing; a newer draft cancels the question
 * in flight. Failures are quiet: the help is a courtesy and never stands between a parent and
 * sending. Returns the latest answer, which may be about an earlier draft.
 */
export function useToneCheck(draft: string, check: typeof checkTone = checkTone, delay = TONE_DELAY_MS): ToneResult | null {
  const [result, setResult] = useState<ToneResult | null>(null);
  useEffect(() => {
    if (draft.trim() === '') return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      check(draft, controller.signal).then(
        (answer) => {
          if (!controller.signal.aborted) setResult({ text: draft, answer });
        },
        () => undefined,
      );
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [draft, check, delay]);
  return draft.trim() === '' ? null : result;
}
