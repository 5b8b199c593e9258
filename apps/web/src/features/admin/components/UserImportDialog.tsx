import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { csvField, type UserImportOptions, type UserImportResult } from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../../../lib/http';
import { FormDialog } from '../../../ui/FormDialog';

const send = (file: File, options: UserImportOptions) => {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', file, file.name);
  return http.upload<UserImportResult>('/api/admin/users/import', form);
};

/** The created users' temporary passwords as a CSV the administrator hands out (shown only now). */
function downloadPasswords(result: UserImportResult) {
  const lines = [
    'Name,E-mail,Extension,Temporary password',
    ...result.users.map((user) =>
      [user.name, user.email, user.extension, user.temporary_password].map(csvField).join(','),
    ),
  ];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
  link.download = 'new-users-passwords.csv';
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * Users from a CSV or Excel file: checked first (every line, as the user form checks it, nothing written), then
 * imported all or nothing or only the good lines; the new users' temporary passwords are shown once.
 */
export function UserImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<UserImportOptions['mode']>('all');
  const check = useMutation({ mutationFn: (chosen: File) => send(chosen, { dry_run: true, mode: 'all' }) });
  const run = useMutation({
    mutationFn: () => send(file as File, { dry_run: false, mode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tables'] }),
  });
  const preview = check.data;
  const done = run.data;
  const blocked = !preview || (mode === 'all' && preview.errors.length > 0) || preview.users.length === 0;
  return (
    <FormDialog
      title="Import users"
      titleId="user-import-title"
      testId="user-import-dialog"
      formId="user-import-form"
      onSubmit={() => run.mutate()}
      busy={run.isPending}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      gap={2}
      actions={
        done ? (
          <>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => downloadPasswords(done)}
              data-testid="user-import-passwords"
            >
              Download passwords
            </Button>
            <Button variant="contained" onClick={onClose} data-testid="user-import-done">
              Done
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              type="submit"
              form="user-import-form"
              variant="contained"
              disabled={blocked || run.isPending}
              data-testid="user-import-submit"
            >
              Import
            </Button>
          </>
        )
      }
    >
      {done ? (
        <>
          <Alert severity="success" data-testid="user-import-result">
            {done.created} users created. Each must change the temporary password below at their first sign-in; it is
            shown only now.
          </Alert>
          <UsersTable result={done} withPasswords />
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            One user per row, with a header naming the columns: Name (or First name and Last name), E-mail, Role, Group,
            Campaigns (separated by ; or |), Time zone, Extension, Pay rate, CRM ID. Extensions left empty are given
            automatically.
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
              Choose a CSV or Excel file
              <input
                hidden
                type="file"
                accept=".csv,.txt,.xlsx"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFile(chosen);
                  run.reset();
                  if (chosen) check.mutate(chosen);
                }}
                data-testid="user-import-file"
              />
            </Button>
            <Typography variant="body2">{file?.name ?? 'No file chosen'}</Typography>
          </Box>
          {check.error ? <Alert severity="error">{check.error.message}</Alert> : null}
          {run.error ? (
            <Alert severity="error" data-testid="user-import-error">
              {run.error.message}
            </Alert>
          ) : null}
          {preview ? (
            <>
              <Alert severity={preview.errors.length === 0 ? 'success' : 'warning'} data-testid="user-import-check">
                {preview.users.length} of {preview.rows} lines are ready to import
                {preview.errors.length > 0 ? `; ${preview.errors.length} have errors` : ''}.
              </Alert>
              {preview.errors.length > 0 ? (
                <TableContainer sx={{ maxHeight: 220, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                  <Table size="small" stickyHeader data-testid="user-import-errors">
                    <TableHead>
                      <TableRow>
                        <TableCell>Line</TableCell>
                        <TableCell>What is wrong</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {preview.errors.map((error) => (
                        <TableRow key={error.line}>
                          <TableCell>{error.line}</TableCell>
                          <TableCell>{error.reason}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              ) : null}
              <RadioGroup value={mode} onChange={(event) => setMode(event.target.value as UserImportOptions['mode'])}>
                <FormControlLabel
                  value="all"
                  control={<Radio />}
                  label="All or nothing: import only if every line is right"
                />
                <FormControlLabel
                  value="good_lines"
                  control={<Radio data-testid="user-import-good-lines" />}
                  label="Import the good lines and leave out the others"
                />
              </RadioGroup>
              <UsersTable result={preview} withPasswords={false} />
            </>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}

function UsersTable({ result, withPasswords }: { result: UserImportResult; withPasswords: boolean }) {
  return (
    <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader data-testid={withPasswords ? 'user-import-created' : 'user-import-users'}>
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>Role</TableCell>
            {withPasswords ? <TableCell>Extension</TableCell> : null}
            {withPasswords ? <TableCell>Temporary password</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.users.map((user) => (
            <TableRow key={user.line}>
              <TableCell>{user.line}</TableCell>
              <TableCell>{user.name}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>{user.role}</TableCell>
              {withPasswords ? <TableCell>{user.extension}</TableCell> : null}
              {withPasswords ? <TableCell sx={{ fontFamily: 'monospace' }}>{user.temporary_password}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
