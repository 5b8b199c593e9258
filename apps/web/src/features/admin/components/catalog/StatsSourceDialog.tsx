import FormHelperText from '@mui/material/FormHelperText';
import type { StatsSourceBody } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MultiSelect } from '../../../../ui/MultiSelect';
import { useAdminSave } from '../../hooks/useAdminSave';
import { AdminFormDialog } from '../AdminFormDialog';
import { AdminRecord } from '../AdminRecord';
import { AdminTextField } from '../AdminTextField';
import { catalogApi } from './catalogApi';

/** Create (id null) or edit a stats source: its name and the centre numbers whose calls count under it. */
export function StatsSourceDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <AdminRecord kind="stats_source" id={id} load={catalogApi.statsSource}>
      {(loaded) => (
        <StatsSourceForm
          id={id}
          initial={{ name: loaded?.name ?? '', numbers: loaded?.numbers ?? [] }}
          onClose={onClose}
        />
      )}
    </AdminRecord>
  );
}

function StatsSourceForm({
  id,
  initial,
  onClose,
}: {
  id: number | null;
  initial: StatsSourceBody;
  onClose: () => void;
}) {
  const choices = useQuery({ queryKey: ['admin', 'stats_source_numbers'], queryFn: catalogApi.statsSourceNumbers });
  const [draft, setDraft] = useState<StatsSourceBody>(initial);
  const { save, errors } = useAdminSave(
    id,
    { create: () => catalogApi.createStatsSource(draft), edit: (id) => catalogApi.editStatsSource(id, draft) },
    onClose,
  );
  // A number another source carries moves here on save: the label says which source it leaves.
  const options = (choices.data?.numbers ?? []).map((number) => ({
    value: number.phone,
    label:
      number.stats_source_id !== null && number.stats_source_id !== id
        ? `${number.phone} · ${number.campaign_name} (now ${number.stats_source_name})`
        : `${number.phone} · ${number.campaign_name}`,
  }));
  return (
    <AdminFormDialog
      title={id === null ? 'New stats source' : 'Edit stats source'}
      testId="admin-stats-source-dialog"
      save={save}
      onClose={onClose}
    >
      <AdminTextField
        label="Name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        required
        error={errors.name}
        testId="admin-stats-source-name"
      />
      <MultiSelect
        label="Numbers"
        options={options}
        value={draft.numbers}
        onChange={(numbers) => setDraft({ ...draft, numbers })}
        emptyLabel="No number"
        testId="admin-stats-source-numbers"
      />
      {errors.numbers ? <FormHelperText error>{errors.numbers}</FormHelperText> : null}
    </AdminFormDialog>
  );
}
