import { useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import DialogModal from '@/Components/DialogModal';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';

/**
 * A contact added by hand: a name, and a phone or an e-mail. Their page opens once saved; a phone or
 * e-mail another contact has is refused with that contact's name.
 */
export default function NewContact({ show, onClose }: { show: boolean; onClose: () => void }) {
  const form = useForm({ name: '', phone: '', email: '' });
  const close = () => {
    form.reset();
    form.clearErrors();
    onClose();
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    form.post(route('contacts.store'), { errorBag: 'createContact', onSuccess: () => form.reset() });
  };
  return (
    <DialogModal
      show={show}
      onClose={close}
      title="New contact"
      footer={
        <>
          <SecondaryButton onClick={close}>Cancel</SecondaryButton>
          <PrimaryButton className="ms-3" type="submit" form="new-contact" disabled={form.processing}>
            Add contact
          </PrimaryButton>
        </>
      }
    >
      <form id="new-contact" onSubmit={submit} className="space-y-4" aria-label="New contact" noValidate>
        <p>
          Someone who has not written yet: a customer who called, or one to write to first on WhatsApp. Their phone
          number is their WhatsApp.
        </p>
        <TextField
          label="Name"
          {...fieldProps(form, 'name')}
          id="new-contact-name"
          autoComplete="off"
          maxLength={255}
        />
        <TextField
          label="Phone"
          {...fieldProps(form, 'phone')}
          id="new-contact-phone"
          type="tel"
          autoComplete="off"
          maxLength={32}
          hint="Such as 0812-3456-7890 or +62 812-3456-7890."
        />
        <TextField
          label="E-mail"
          {...fieldProps(form, 'email')}
          id="new-contact-email"
          type="email"
          autoComplete="off"
          maxLength={255}
        />
      </form>
    </DialogModal>
  );
}
