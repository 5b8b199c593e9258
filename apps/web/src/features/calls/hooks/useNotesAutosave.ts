import { useCallback, useEffect, useRef, useState } from 'react';
import { callsApi } from '../api';

/** How long typing must pause before the notes are saved. */
export const NOTES_SAVE_DELAY_MS = 600;

export type NotesSaveState = 'idle' | 'typing' | 'saving' | 'saved' | 'failed';

export type NotesAutosave = {
  notes: string;
  setNotes: (text: string) => void;
  state: NotesSaveState;
  error: string | null;
  /** Saves what is typed now, if it is not saved yet (the after-call form does before it closes). */
  flush: () => Promise<void>;
};

/**
 * A call's notes, saved as the agent types: NOTES_SAVE_DELAY_MS after the last keystroke, one save at a time, the
 * latest text last. Leaving the page saves what was still waiting.
 */
export function useNotesAutosave(callId: number, saved: string): NotesAutosave {
  const [notes, setText] = useState(saved);
  const [state, setState] = useState<NotesSaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(saved);
  const lastSaved = useRef(saved);
  const timer = useRef<number | null>(null);
  const running = useRef<Promise<void>>(Promise.resolve());

  const save = useCallback((): Promise<void> => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    // Saves run one after another, so an older text never lands after a newer one.
    const next = running.current
      .catch(() => undefined)
      .then(async () => {
        const text = latest.current;
        if (text === lastSaved.current) {
          setState((now) => (now === 'typing' || now === 'saving' ? 'saved' : now));
          return;
        }
        setState('saving');
        try {
          await callsApi.setNotes(callId, text);
          lastSaved.current = text;
          setError(null);
          if (latest.current === text) setState('saved');
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : 'The notes could not be saved.');
          setState('failed');
          throw failure;
        }
      });
    running.current = next;
    return next;
  }, [callId]);

  const setNotes = useCallback(
    (text: string) => {
      latest.current = text;
      setText(text);
      setState('typing');
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void save().catch(() => undefined), NOTES_SAVE_DELAY_MS);
    },
    [save],
  );

  // Leaving the page does not lose what was typed in the last moments.
  useEffect(
    () => () => {
      if (timer.current !== null) void save().catch(() => undefined);
    },
    [save],
  );

  return { notes, setNotes, state, error, flush: save };
}
