import { useEffect, useRef } from 'react';

/**
 * While a dialog is open, the phone's Back button closes it instead of leaving the page (and
 * losing what was typed): opening adds a history entry of the same address, Back pops it and
 * closes the dialog; closing it otherwise takes the entry away again.
 */
export function useBackCloses(open: boolean, id: string, close: () => void, locked: boolean) {
  const latest = useRef({ close, locked, open });
  useEffect(() => {
    latest.current = { close, locked, open };
  });

  useEffect(() => {
    if (!open) return;
    const ours = () => (window.history.state as { nidoDialog?: string } | null)?.nidoDialog === id;
    // A second run for the same opening (StrictMode) finds its entry already there.
    if (!ours()) window.history.pushState({ ...(window.history.state as object | null), nidoDialog: id }, '');
    // A Back sent while the page is being left (an address typed, a bookmark, a reload) would
    // cancel that navigation, however short the wait before it: once it starts, the entry stays.
    let leaving = false;
    const onLeave = () => {
      leaving = true;
    };
    window.addEventListener('beforeunload', onLeave);
    const onPop = () => {
      if (ours() || !latest.current.open) return;
      if (latest.current.locked) {
        // Something is being saved: stay, and keep the entry for the next Back.
        window.history.pushState({ ...(window.history.state as object | null), nidoDialog: id }, '');
        return;
      }
      latest.current.close();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Closed some other way (button, Escape, saved): take the entry away, unless the dialog is
      // open again by then (StrictMode's second run) or a navigation has put another entry on top.
      window.setTimeout(() => {
        window.removeEventListener('beforeunload', onLeave);
        if (!leaving && !latest.current.open && ours()) window.history.back();
      }, 0);
    };
  }, [open, id]);
}
