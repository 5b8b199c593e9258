import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  ALL_DAY,
  DEFAULT_TIME_ZONE,
  summarizeWeek,
  TIME_ZONES,
  WEEKDAY_NAMES,
  type WorkingHours,
  type WorkingHoursBody,
} from '@shiftline/shared';
import { TextInput } from '../../../ui/TextInput';
import { SelectInput } from './SelectInput';

/** The form's copy of working hours: a closed day keeps its times, so switching it back on restores them. */
export type HoursDraft = {
  time_zone: string;
  days: { open: boolean; from: string; until: string }[];
  holidays: { date: string; name: string }[];
};

/** A new campaign starts on business hours, Monday to Friday 9 to 5, in the centre's default zone. */
export const NEW_HOURS: HoursDraft = {
  time_zone: DEFAULT_TIME_ZONE,
  days: WEEKDAY_NAMES.map((_, index) => ({ open: index < 5, from: '09:00', until: '17:00' })),
  holidays: [],
};

export const hoursDraftOf = (hours: WorkingHours): HoursDraft => ({
  time_zone: hours.time_zone,
  days: hours.weekly.map((day) => ({
    open: day !== null,
    from: (day ?? ALL_DAY).open,
    until: (day ?? ALL_DAY).close,
  })),
  holidays: hours.holidays.map((holiday) => ({ date: holiday.date, name: holiday.name ?? '' })),
});

export const hoursBodyOf = (draft: HoursDraft): WorkingHoursBody => ({
  time_zone: draft.time_zone as WorkingHoursBody['time_zone'],
  weekly: draft.days.map((day) => (day.open ? { open: day.from.trim(), close: day.until.trim() } : null)),
  holidays: draft.holidays.map((holiday) => ({ date: holiday.date.trim(), name: holiday.name })),
});

type Props = { value: HoursDraft; onChange: (value: HoursDraft) => void; errors: Record<string, string> };

/**
 * Working hours in the campaign's own zone: a window per weekday (closed days switched off; a close of 24:00 is
 * midnight, one before the open runs past midnight) and holiday closures by local date.
 */
export function WorkingHoursFields({ value, onChange, errors }: Props) {
  const error = (path: string) => errors[`working_hours.${path}`];
  const setDay = (index: number, change: Partial<HoursDraft['days'][number]>) =>
    onChange({ ...value, days: value.days.map((day, at) => (at === index ? { ...day, ...change } : day)) });
  const setHoliday = (index: number, change: Partial<HoursDraft['holidays'][number]>) =>
    onChange({
      ...value,
      holidays: value.holidays.map((holiday, at) => (at === index ? { ...holiday, ...change } : holiday)),
    });
  const body = hoursBodyOf(value);
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Working hours
      </Typography>
      <SelectInput
        label="Time zone of the hours"
        value={value.time_zone}
        options={TIME_ZONES.map((zone) => ({ value: zone.id, label: `${zone.label} (${zone.id})` }))}
        onChange={(time_zone) => onChange({ ...value, time_zone })}
        error={error('time_zone') ?? errors.working_hours}
        testId="admin-campaign-time-zone"
      />
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ my: 1 }}
        data-testid="admin-campaign-hours-summary"
      >
        {summarizeWeek({ time_zone: value.time_zone, weekly: body.weekly })}. Local wall-clock times: a clock change
        never moves them. 24:00 closes at midnight; a close before the opening runs past midnight.
      </Typography>
      {value.days.map((day, index) => (
        <Box
          key={WEEKDAY_NAMES[index]}
          data-testid={`admin-campaign-day-${index}`}
          sx={{ display: 'grid', gridTemplateColumns: '150px 1fr 1fr', gap: 1, alignItems: 'start', mb: 1 }}
        >
          <FormControlLabel
            control={
              <Switch
                checked={day.open}
                onChange={(event) => setDay(index, { open: event.target.checked })}
                data-testid={`admin-campaign-day-${index}-open`}
              />
            }
            label={WEEKDAY_NAMES[index]}
          />
          {day.open ? (
            <>
              <TextInput
                label="Opens"
                size="small"
                value={day.from}
                onChange={(from) => setDay(index, { from })}
                error={Boolean(error(`weekly.${index}.open`))}
                helperText={error(`weekly.${index}.open`)}
                testId={`admin-campaign-day-${index}-from`}
              />
              <TextInput
                label="Closes"
                size="small"
                value={day.until}
                onChange={(until) => setDay(index, { until })}
                error={Boolean(error(`weekly.${index}.close`))}
                helperText={error(`weekly.${index}.close`)}
                testId={`admin-campaign-day-${index}-until`}
              />
            </>
          ) : (
            <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
              Closed
            </Typography>
          )}
        </Box>
      ))}
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        Holiday closures (local dates)
      </Typography>
      {value.holidays.map((holiday, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a date may be typed twice meanwhile.
          key={index}
          sx={{ display: 'grid', gridTemplateColumns: '160px 1fr auto', gap: 1, alignItems: 'start', mb: 1 }}
        >
          <TextInput
            label="Date"
            size="small"
            value={holiday.date}
            onChange={(date) => setHoliday(index, { date })}
            inputAttributes={{ placeholder: 'yyyy-MM-dd' }}
            error={Boolean(error(`holidays.${index}.date`))}
            helperText={error(`holidays.${index}.date`)}
            testId={`admin-campaign-holiday-${index}-date`}
          />
          <TextInput
            label="Name (optional)"
            size="small"
            value={holiday.name}
            onChange={(name) => setHoliday(index, { name })}
            error={Boolean(error(`holidays.${index}.name`))}
            helperText={error(`holidays.${index}.name`)}
            testId={`admin-campaign-holiday-${index}-name`}
          />
          <Button
            onClick={() => onChange({ ...value, holidays: value.holidays.filter((_, at) => at !== index) })}
            data-testid={`admin-campaign-holiday-${index}-remove`}
          >
            Remove
          </Button>
        </Box>
      ))}
      {error('holidays') ? (
        <Typography color="error" variant="caption" component="p">
          {error('holidays')}
        </Typography>
      ) : null}
      <Button
        onClick={() => onChange({ ...value, holidays: [...value.holidays, { date: '', name: '' }] })}
        data-testid="admin-campaign-add-holiday"
      >
        Add a holiday
      </Button>
    </Box>
  );
}
