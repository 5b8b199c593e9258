import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_TIME_ZONE,
  type LeadImportOptions,
  type LeadImportResult,
  type LeadPreview,
  type TimeZoneId,
} from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../lib/apiError';
import { fieldErrors } from '../../../../lib/fieldErrors';
import { FormDialog } from '../../../../ui/FormDialog';
import { TimezoneSelect } from '../../../../ui/TimezoneSelect';
import { useAdminOptions } from '../../hooks/useAdminOptions';
import { AdminTextField } from '../AdminTextField';
import { SelectInput } from '../SelectInput';
import { type ColumnChoice, LeadColumnMapping, mappingOf, suggestedChoices } from './LeadColumnMapping';
import { LeadImportSummary } from './LeadImportSummary';
import { leadListsApi } from './leadListsApi';

type Settings = Pick<LeadImportOptions, 'name' | 'country' | 'duplicates' | 'header'> & {
  campaign: string;
  timezone: TimeZoneId;
};

/**
 * A new lead list: choose the outbound campaign and a file, check its first rows and map its columns, then import
 * it with a progress bar; the result lists what went in and every refused line with its reason.
 */
export function LeadListImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const campaigns = (useAdminOptions().data?.campaigns ?? []).filter((campaign) => campaign.type === 'outbound');
  const [settings, setSettings] = useState<Settings>({
    campaign: '',
    name: '',
    country: 'US',
    duplicates: 'skip',
    header: true,
    timezone: DEFAULT_TIME_ZONE,
  });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<LeadPreview | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [sent, setSent] = useState(0);
  const [result, setResult] = useState<LeadImportResult | null>(null);

  const previewing = useMutation({
    mutationFn: (chosen: File) => leadListsApi.preview(chosen),
    onSuccess: (answer) => {
      setPreview(answer);
      setChoices(suggestedChoices(answer, settings.header));
    },
  });
  const importing = useMutation({
    mutationFn: () => {
      if (!file || !preview) throw new Error('Choose a file first.');
      setSent(0);
      const options: LeadImportOptions = {
        campaign_id: Number(settings.campaign),
        name: settings.name,
        country: settings.country,
        default_timezone: settings.timezone,
        duplicates: settings.duplicates,
        header: settings.header,
        ...mappingOf(choices, preview, settings.header),
      };
      return leadListsApi.import(options, file, setSent);
    },
    onSuccess: async (answer) => {
      setResult(answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tables'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]);
    },
  });
  // The server names option fields 'options.<field>'; each input shows its own.
  const errors = Object.fromEntries(
    Object.entries(fieldErrors(importing.error)).map(([field, reason]) => [field.replace(/^options\./, ''), reason]),
  );
  const generalError =
    importing.error instanceof ApiError && Object.keys(importing.error.fields).length === 0
      ? importing.error.message
      : importing.error instanceof Error && !(importing.error instanceof ApiError)
        ? importing.error.message
        : undefined;
  const mappingError = Object.entries(errors).find(
    ([field]) => field.startsWith('mapping') || field.startsWith('custom_fields'),
  )?.[1];
  const busy = importing.isPending;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    if (chosen) previewing.mutate(chosen);
  };

  return (
    <FormDialog
      title="New lead list"
      titleId="lead-import-title"
      testId="lead-import-dialog"
      formId="lead-import-form"
      onSubmit={() => importing.mutate()}
      busy={busy}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      gap={2}
      actions={
        result ? (
          <Button variant="contained" onClick={onClose} data-testid="lead-import-done">
            Done
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy} data-testid="lead-import-cancel">
              Cancel
            </Button>
            <Button
              type="submit"
              form="lead-import-form"
              variant="contained"
              disabled={busy || !preview}
              data-testid="lead-import-submit"
            >
              Import
            </Button>
          </>
        )
      }
    >
      {result ? (
        <LeadImportSummary result={result} />
      ) : (
        <>
          {generalError ? (
            <Alert severity="error" data-testid="lead-import-error">
              {generalError}
            </Alert>
          ) : null}
          <SelectInput
            label="Campaign"
            value={settings.campaign}
            options={[
              { value: '', label: campaigns.length === 0 ? 'No outbound campaigns' : 'Choose an outbound campaign' },
              ...campaigns.map((campaign) => ({ value: String(campaign.id), label: campaign.name })),
            ]}
            onChange={(campaign) => setSettings({ ...settings, campaign })}
            error={errors.campaign_id}
            testId="lead-import-campaign"
          />
          <AdminTextField
            label="List name"
            value={settings.name}
            onChange={(name) => setSettings({ ...settings, name })}
            required
            error={errors.name}
            testId="lead-import-name"
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ width: 160 }}>
              <AdminTextField
                label="Country"
                value={settings.country}
                onChange={(country) => setSettings({ ...settings, country })}
                error={errors.country}
                hint="Numbers without a country code"
                testId="lead-import-country"
              />
            </Box>
            <TimezoneSelect
              label="Time zone of leads without one"
              value={settings.timezone}
              onChange={(timezone) => setSettings({ ...settings, timezone })}
              testId="lead-import-timezone"
            />
            <Box sx={{ minWidth: 260 }}>
              <SelectInput
                label="Numbers already clients"
                value={settings.duplicates}
                options={[
                  { value: 'skip', label: 'Skip the row' },
                  { value: 'merge', label: 'Update the client and list them' },
                ]}
                onChange={(duplicates) => setSettings({ ...settings, duplicates: duplicates as 'skip' | 'merge' })}
                testId="lead-import-duplicates"
              />
            </Box>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
              Choose a CSV or Excel file
              <input
                hidden
                type="file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
                data-testid="lead-import-file"
              />
            </Button>
            <Typography variant="body2" color="text.secondary" data-testid="lead-import-file-name">
              {file ? `${file.name} (${formatSize(file.size)})` : 'No file chosen'}
            </Typography>
          </Box>
          {previewing.isPending ? <LinearProgress aria-label="Reading the file" /> : null}
          {previewing.error ? <Alert severity="error">{previewing.error.message}</Alert> : null}
          {errors.file ? (
            <Alert severity="error" data-testid="lead-import-file-error">
              {errors.file}
            </Alert>
          ) : null}
          {preview ? (
            <>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={settings.header}
                    onChange={(event) => {
                      setSettings({ ...settings, header: event.target.checked });
                      setChoices(suggestedChoices(preview, event.target.checked));
                    }}
                  />
                }
                label="The first row names the columns"
              />
              <LeadColumnMapping preview={preview} header={settings.header} choices={choices} onChange={setChoices} />
              {mappingError ? (
                <Alert severity="error" data-testid="lead-import-mapping-error">
                  {mappingError}
                </Alert>
              ) : null}
            </>
          ) : null}
          {busy ? (
            <Box data-testid="lead-import-progress">
              <Typography variant="body2" gutterBottom>
                {sent < 1 ? `Sending the file: ${Math.round(sent * 100)}%` : 'Importing the leads…'}
              </Typography>
              <LinearProgress variant={sent < 1 ? 'determinate' : 'indeterminate'} value={sent * 100} />
            </Box>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
