import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LeadImportResult } from '@shiftline/shared';

const KIND_LABEL = { invalid: 'Invalid', duplicate: 'Duplicate', blocked: 'Blocked' } as const;

/** What an import did: the leads listed, then each refused line with its reason. */
export function LeadImportSummary({ result }: { result: LeadImportResult }) {
  const refused = result.invalid + result.duplicates + result.blocked;
  return (
    <>
      <Alert severity={refused === 0 ? 'success' : 'info'} data-testid="lead-import-result">
        {result.imported.toLocaleString()} of {result.rows.toLocaleString()} rows listed
        {result.merged > 0 ? ` (${result.merged.toLocaleString()} existing clients updated)` : ''}.{' '}
        {refused > 0
          ? `Left out: ${result.invalid.toLocaleString()} invalid, ${result.duplicates.toLocaleString()} duplicate, ${result.blocked.toLocaleString()} blocked.`
          : ''}
      </Alert>
      {result.problems.length > 0 ? (
        <>
          <Typography variant="subtitle2">
            {refused > result.problems.length
              ? `The first ${result.problems.length.toLocaleString()} of ${refused.toLocaleString()} lines left out`
              : 'Lines left out'}
          </Typography>
          <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader data-testid="lead-import-problems">
              <TableHead>
                <TableRow>
                  <TableCell>Line</TableCell>
                  <TableCell>Kind</TableCell>
                  <TableCell>Why</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.problems.map((problem) => (
                  <TableRow key={`${problem.line}-${problem.kind}`}>
                    <TableCell>{problem.line}</TableCell>
                    <TableCell>{KIND_LABEL[problem.kind]}</TableCell>
                    <TableCell>{problem.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      ) : null}
    </>
  );
}
