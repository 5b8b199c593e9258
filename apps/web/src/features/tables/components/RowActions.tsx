import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TableAction, TableRow } from '@shiftline/shared';

type Props = {
  actions: readonly TableAction[];
  row: TableRow;
  onAction: (action: TableAction, row: TableRow) => void;
};

/** A row's actions: each one the row offers (`when` names a true field, or the action is on every row). */
export function RowActions({ actions, row, onAction }: Props) {
  const offered = actions.filter((action) => action.when === undefined || row[action.when] === true);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }}>
      {offered.map((action) => (
        <Button
          key={action.name}
          size="small"
          variant="outlined"
          onClick={(event) => {
            // The action, not the row's link.
            event.stopPropagation();
            onAction(action, row);
          }}
          data-testid={`table-action-${action.name}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {action.text}
        </Button>
      ))}
    </Box>
  );
}
