import { useRef, useState, type ChangeEvent } from 'react';
import { router, useForm, usePage } from '@inertiajs/react';
import type { AuthUser } from '../../../../../server/presenters/user-presenter';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { optionalRoute, route } from '@/lib/route';

interface ProfileForm {
  _method: 'put';
  name: string;
  email: string;
  photo: File | null;
}

const acceptedTypes = ['image/jpeg', 'image/png'];

/** Name, e-mail and photo: a multipart POST with `_method: 'put'`, errors in `updateProfileInformation`. */
export default function UpdateProfileInformationForm({ user }: { user: AuthUser }) {
  const { features } = usePage().props;
  const form = useForm<ProfileForm>({ _method: 'put', name: user.name, email: user.email, photo: null });
  const photoInput = useRef<HTMLInputElement>(null);
  const [photoPreview, setPhotoPreview] = useState<string | null>(null);
  const [verificationLinkSent, setVerificationLinkSent] = useState(false);
  const resendUrl = optionalRoute('verification.send');

  const clearPhotoFileInput = () => {
    if (photoInput.current) photoInput.current.value = '';
    form.setData('photo', null);
  };

  const updateProfileInformation = () => {
    form.post(route('user-profile-information.update'), {
      errorBag: 'updateProfileInformation',
      preserveScroll: true,
      onSuccess: () => {
        setPhotoPreview(null);
        clearPhotoFileInput();
      },
    });
  };

  const updatePhotoPreview = (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0];
    if (!photo) return;
    form.setData('photo', photo);
    if (!acceptedTypes.includes(photo.type)) {
      setPhotoPreview(null);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setPhotoPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(photo);
  };

  const deletePhoto = () => {
    router.delete(route('current-user-photo.destroy'), {
      preserveScroll: true,
      onSuccess: () => {
        setPhotoPreview(null);
        clearPhotoFileInput();
      },
    });
  };

  const sendEmailVerification = () => {
    if (!resendUrl) return;
    router.post(resendUrl, {}, { preserveScroll: true, onSuccess: () => setVerificationLinkSent(true) });
  };

  return (
    <FormSection
      title="Profile Information"
      description="Update your account's profile information and email address."
      onSubmitted={updateProfileInformation}
      actions={
        <>
          <ActionMessage on={form.recentlySuccessful} className="me-3">
            Saved.
          </ActionMessage>
          <PrimaryButton disabled={form.processing}>Save</PrimaryButton>
        </>
      }
    >
      {features.managesProfilePhotos && (
        <div className="col-span-6 sm:col-span-4">
          <input
            ref={photoInput}
            id="photo"
            type="file"
            accept={acceptedTypes.join(',')}
            className="hidden"
            onChange={updatePhotoPreview}
            aria-describedby="photo-error"
          />

          <InputLabel htmlFor="photo" value="Photo" />

          <div className="mt-2">
            {photoPreview ? (
              <span
                className="block size-20 rounded-full bg-cover bg-center bg-no-repeat"
                style={{ backgroundImage: `url('${photoPreview}')` }}
                role="img"
                aria-label="New photo preview"
              />
            ) : (
              <img src={user.profile_photo_url} alt={user.name} className="size-20 rounded-full object-cover" />
            )}
          </div>

          <SecondaryButton className="me-2 mt-2" onClick={() => photoInput.current?.click()}>
            Select A New Photo
          </SecondaryButton>

          {user.has_profile_photo && (
            <SecondaryButton className="mt-2" onClick={deletePhoto}>
              Remove Photo
            </SecondaryButton>
          )}

          <InputError id="photo-error" className="mt-2" message={form.errors.photo} />
        </div>
      )}

      <TextField label="Name" className="col-span-6 sm:col-span-4" {...fieldProps(form, 'name')} autoComplete="name" />

      <TextField
        label="Email"
        type="email"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'email')}
        autoComplete="username"
      >
        {features.hasEmailVerification && user.email_verified_at === null && (
          <div>
            <p className="mt-2 text-sm">
              Your email address is unverified.{' '}
              {resendUrl && (
                <button
                  type="button"
                  className="rounded-md text-sm text-gray-600 underline hover:text-gray-900 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden"
                  onClick={sendEmailVerification}
                >
                  Click here to re-send the verification email.
                </button>
              )}
            </p>

            {verificationLinkSent && (
              <div className="mt-2 text-sm font-medium text-green-600" role="status">
                A new verification link has been sent to your email address.
              </div>
            )}
          </div>
        )}
      </TextField>
    </FormSection>
  );
}
