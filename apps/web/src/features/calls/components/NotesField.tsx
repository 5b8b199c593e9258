import TextField from '@mui/material/TextField';
import type { NotesAutosave, NotesSaveState } from '../hooks/useNotesAutosave';

const STATE_TEXT: Record<Exclude<NotesSaveState, 'failed'>, string> = {
  idle: ' ',
  typing: 'Typing…',
  saving: 'Saving…',
  saved: 'Saved',
};

/** The call's notes, saved as the agent types (see useNotesAutosave); says whether the text is saved. */
export function NotesField({ autosave, testId = 'call-notes' }: { autosave: NotesAutosave; testId?: string }) {
  const failed = autosave.state === 'failed';
  return (
    <TextField
      label="Notes"
      multiline
      minRows={4}
      maxRows={12}
      fullWidth
      value={autosave.notes}
      onChange={(event) => autosave.setNotes(event.target.value)}
      error={failed}
      helperText={
        <span data-testid={`${testId}-state`} data-state={autosave.state}>
          {autosave.state === 'failed' ? `Not saved: ${autosave.error ?? 'try again'}` : STATE_TEXT[autosave.state]}
        </span>
      }
      slotProps={{ htmlInput: { maxLength: 10_000, 'data-testid': testId } }}
    />
  );
}
