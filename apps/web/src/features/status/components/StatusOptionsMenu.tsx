import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { type CurrentStatusInfo, READY_OUTBOUND_EXPLANATION } from '@shiftline/shared';
import { StatusIcon } from './StatusIcon';

type StatusOptionsMenuProps = {
  info: CurrentStatusInfo;
  anchorEl: HTMLElement | null;
  onClose: () => void;
  onChoose: (name: string) => void;
};

/** The statuses the server offers from the current one, in its order (loaded when the menu is first opened). */
export function StatusOptionsMenu({ info: current, anchorEl, onClose, onChoose: choose }: StatusOptionsMenuProps) {
  return (
    <Menu
      anchorEl={anchorEl}
      open={anchorEl !== null}
      onClose={onClose}
      slotProps={{ list: { dense: true, 'aria-label': 'Change status' } as object }}
    >
      {current.status.name === 'ready_outbound' ? (
        <Box sx={{ px: 2, py: 1, maxWidth: 320 }}>
          <Typography variant="caption" color="text.secondary">
            {READY_OUTBOUND_EXPLANATION}
          </Typography>
        </Box>
      ) : null}
      {current.status_transitions.length === 0 ? (
        <MenuItem disabled data-testid="status-no-options">
          Your status changes when the call is over
        </MenuItem>
      ) : (
        current.status_transitions.map((option) => (
          <MenuItem
            key={option.name}
            onClick={() => choose(option.name)}
            data-testid="status-option"
            data-status={option.name}
          >
            <ListItemIcon>
              <StatusIcon name={option.icon} fontSize="small" sx={{ color: option.bgc }} />
            </ListItemIcon>
            <ListItemText>{option.title}</ListItemText>
          </MenuItem>
        ))
      )}
    </Menu>
  );
}
