import DialpadIcon from '@mui/icons-material/Dialpad';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import { useState } from 'react';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** The keypad: each key sends its DTMF tone on the call (SIP INFO). */
export function Keypad({ onTone, disabled }: { onTone: (tone: string) => void; disabled: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [sent, setSent] = useState('');
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DialpadIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={disabled}
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        data-testid="call-keypad"
      >
        Keypad
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ p: 1.5, width: 180 }}>
          <Box
            component="output"
            aria-label="Tones sent"
            data-testid="keypad-sent"
            sx={{ display: 'block', minHeight: 24, mb: 1, fontFamily: 'monospace', textAlign: 'center' }}
          >
            {sent}
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.5 }}>
            {KEYS.map((key) => (
              <Button
                key={key}
                variant="outlined"
                size="small"
                aria-label={`Key ${key}`}
                data-testid={`keypad-${key}`}
                onClick={() => {
                  onTone(key);
                  setSent((text) => `${text}${key}`.slice(-16));
                }}
              >
                {key}
              </Button>
            ))}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
