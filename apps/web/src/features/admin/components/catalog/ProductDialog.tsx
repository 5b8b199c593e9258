import { PRODUCT_CURRENCIES, type ProductBody } from '@shiftline/shared';
import { useState } from 'react';
import { useAdminOptions } from '../../hooks/useAdminOptions';
import { useAdminSave } from '../../hooks/useAdminSave';
import { AdminFormDialog } from '../AdminFormDialog';
import { AdminRecord } from '../AdminRecord';
import { AdminTextField } from '../AdminTextField';
import { SelectInput } from '../SelectInput';
import { catalogApi } from './catalogApi';

type Draft = { name: string; campaign: string; price: string; currency: ProductBody['currency']; commission: string };

/** Cents as the form shows them: 12000 → '120.00'. */
const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
/** The form's amount in cents (NaN when it is not an amount, which the server then names). */
const cents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);

/** Create (id null) or edit a product: its price, currency, commission and the campaign that sells it. */
export function ProductDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <AdminRecord kind="product" id={id} load={catalogApi.product}>
      {(loaded) => (
        <ProductForm
          id={id}
          initial={{
            name: loaded?.name ?? '',
            campaign: loaded?.campaign_id ? String(loaded.campaign_id) : '',
            price: money(loaded?.price_cents ?? null),
            currency: (loaded?.currency as ProductBody['currency'] | undefined) ?? 'CAD',
            commission: money(loaded?.commission_cents ?? null),
          }}
          onClose={onClose}
        />
      )}
    </AdminRecord>
  );
}

function ProductForm({ id, initial, onClose }: { id: number | null; initial: Draft; onClose: () => void }) {
  const campaigns = useAdminOptions().data?.campaigns ?? [];
  const [draft, setDraft] = useState<Draft>(initial);
  const body = (): ProductBody => ({
    name: draft.name,
    campaign_id: draft.campaign === '' ? null : Number(draft.campaign),
    price_cents: cents(draft.price),
    currency: draft.currency,
    commission_cents: draft.commission.trim() === '' ? null : cents(draft.commission),
  });
  const { save, errors } = useAdminSave(
    id,
    { create: () => catalogApi.createProduct(body()), edit: (id) => catalogApi.editProduct(id, body()) },
    onClose,
  );
  return (
    <AdminFormDialog
      title={id === null ? 'New product' : 'Edit product'}
      testId="admin-product-dialog"
      save={save}
      onClose={onClose}
    >
      <AdminTextField
        label="Name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        required
        error={errors.name}
        testId="admin-product-name"
      />
      <SelectInput
        label="Campaign"
        value={draft.campaign}
        options={[
          { value: '', label: 'Every campaign' },
          ...campaigns.map((campaign) => ({ value: String(campaign.id), label: campaign.name })),
        ]}
        onChange={(campaign) => setDraft({ ...draft, campaign })}
        error={errors.campaign_id}
        testId="admin-product-campaign"
      />
      <AdminTextField
        label="Price"
        value={draft.price}
        onChange={(price) => setDraft({ ...draft, price })}
        required
        error={errors.price_cents}
        testId="admin-product-price"
      />
      <SelectInput
        label="Currency"
        value={draft.currency}
        options={PRODUCT_CURRENCIES.map((code) => ({ value: code, label: code }))}
        onChange={(currency) => setDraft({ ...draft, currency: currency as ProductBody['currency'] })}
        error={errors.currency}
        testId="admin-product-currency"
      />
      <AdminTextField
        label="Commission per unit"
        value={draft.commission}
        onChange={(commission) => setDraft({ ...draft, commission })}
        error={errors.commission_cents}
        hint="Leave empty for the centre's commission rule on the sale's amount"
        testId="admin-product-commission"
      />
    </AdminFormDialog>
  );
}
