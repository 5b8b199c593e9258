import Chip from '@mui/material/Chip';

/** An agent's state as a chip in the state's colour (spec §2.3: the coloured State column; `bgc` takes white text). */
export function StateChip({ title, bgc, status }: { title: string; bgc: string; status: string }) {
  return (
    <Chip
      label={title}
      size="small"
      data-testid="agent-state-chip"
      data-status={status}
      sx={{ bgcolor: bgc, color: '#fff', fontWeight: 600 }}
    />
  );
}
