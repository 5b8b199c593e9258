import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Fab from '@mui/material/Fab';

type Props = { onStart: (direction: -1 | 1) => void; onStop: () => void };

/** The left and right arrows over an overflowing table: held, they scroll it (spec §9). */
export function ScrollArrows({ onStart, onStop }: Props) {
  const arrow = (direction: -1 | 1) => (
    <Fab
      size="small"
      color="default"
      aria-label={direction < 0 ? 'Scroll left' : 'Scroll right'}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        onStart(direction);
      }}
      onPointerUp={onStop}
      onPointerCancel={onStop}
      onLostPointerCapture={onStop}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onStart(direction);
      }}
      onKeyUp={onStop}
      onBlur={onStop}
      data-testid={direction < 0 ? 'table-scroll-left' : 'table-scroll-right'}
      sx={{
        position: 'absolute',
        top: '50%',
        transform: 'translateY(-50%)',
        zIndex: 4,
        opacity: 0.85,
        ...(direction < 0 ? { left: 4 } : { right: 4 }),
      }}
    >
      {direction < 0 ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </Fab>
  );
  return (
    <>
      {arrow(-1)}
      {arrow(1)}
    </>
  );
}
