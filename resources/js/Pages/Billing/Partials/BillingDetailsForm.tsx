import { useForm } from '@inertiajs/react';
import type { BillingIndexProps } from '../../../../../server/presenters/billing-presenter';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import Select from '@/Components/Select';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import type { Currency } from './format';

type Props = Pick<BillingIndexProps, 'details' | 'can'>;

/**
 * Who the invoices are addressed to (company, address, tax id or NPWP, the e-mail they go to) and
 * the currency the team pays in: PUT billing.details.update, read-only for those who may not manage.
 */
export default function BillingDetailsForm({ details, can }: Props) {
  const form = useForm({
    company_name: details.company_name ?? '',
    address: details.address ?? '',
    tax_id: details.tax_id ?? '',
    email: details.email ?? '',
    currency: details.currency as Currency,
  });

  const save = () => {
    if (!can.manage) return;
    form.put(route('billing.details.update'), { preserveScroll: true });
  };

  return (
    <FormSection
      title="Billing details"
      description="What new invoices say under “Billed to”, the address they are sent to, and the currency your team pays in."
      onSubmitted={save}
      actions={
        can.manage ? (
          <>
            <ActionMessage on={form.recentlySuccessful} className="me-3">
              Saved.
            </ActionMessage>
            <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
              Save
            </PrimaryButton>
          </>
        ) : undefined
      }
    >
      <TextField
        label="Company name"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'company_name')}
        autoComplete="organization"
        disabled={!can.manage}
      />
      <TextAreaField
        label="Address"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'address')}
        rows={3}
        autoComplete="street-address"
        disabled={!can.manage}
      />
      <TextField
        label="Tax ID (NPWP)"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'tax_id')}
        hint="For Indonesian companies the NPWP, as 01.234.567.8-901.000 or its 16 digits; elsewhere your VAT or tax number."
        disabled={!can.manage}
      />
      <TextField
        label="Billing e-mail"
        type="email"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'email')}
        autoComplete="email"
        hint="Where invoices are sent."
        disabled={!can.manage}
      />
      <div className="col-span-6 sm:col-span-4">
        <InputLabel htmlFor="currency">Currency</InputLabel>
        <Select
          id="currency"
          className="mt-1 block w-full"
          value={form.data.currency}
          onChange={(event) => form.setData('currency', event.target.value as Currency)}
          aria-invalid={form.errors.currency ? true : undefined}
          aria-describedby="currency-error"
          disabled={!can.manage}
        >
          <option value="USD">US dollar (USD)</option>
          <option value="IDR">Indonesian rupiah (IDR)</option>
        </Select>
        <InputError id="currency-error" className="mt-2" message={form.errors.currency} />
      </div>
    </FormSection>
  );
}
