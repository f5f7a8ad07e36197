import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import SecondaryButton from '@/Components/SecondaryButton';
import SelectField from '@/Components/SelectField';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import TextInput from '@/Components/TextInput';
import Toggle from '@/Components/Toggle';
import { randomToken, SAVED_SECRET_PLACEHOLDER, type ChannelFormData, type ChannelFormKey } from './channel-form';

/** What the type's fields need from the form: its values, a setter, the messages, saved secrets. */
export type FieldBag = {
  data: ChannelFormData;
  set: <K extends ChannelFormKey>(key: K, value: ChannelFormData[K]) => void;
  error: (key: ChannelFormKey) => string | undefined;
  secretsSet: Record<string, boolean>;
  disabled: boolean;
};

/** A TextField's props for a text key of the form: `channel-<key>` as the id. */
function text(bag: FieldBag, key: ChannelFormKey) {
  const value = bag.data[key];
  return {
    id: `channel-${key}`,
    value: typeof value === 'string' ? value : '',
    onChange: (next: string) => bag.set(key, next as never),
    error: bag.error(key),
    disabled: bag.disabled,
    autoComplete: 'off',
  };
}

/** A secret: never shown; blank with "Saved — leave blank to keep" when one is saved. */
function secret(bag: FieldBag, key: ChannelFormKey, type: 'password' | 'text' = 'password') {
  return {
    ...text(bag, key),
    type,
    autoComplete: type === 'password' ? 'new-password' : 'off',
    spellCheck: false,
    placeholder: bag.secretsSet[key] ? SAVED_SECRET_PLACEHOLDER : undefined,
  };
}

function ToggleField({
  bag,
  name,
  label,
  hint,
}: {
  bag: FieldBag;
  name: 'collect_csat' | 'identity_verification';
  label: string;
  hint: string;
}) {
  const error = bag.error(name);
  return (
    <div className="col-span-6">
      <Toggle
        checked={bag.data[name] === true}
        onChange={(on) => bag.set(name, on)}
        label={label}
        disabled={bag.disabled}
      />
      <p className="mt-1 text-xs text-gray-500">{hint}</p>
      <InputError id={`channel-${name}-error`} className="mt-2" message={error} />
    </div>
  );
}

/** The form's keys whose value is one of a few words: a select. */
type ChoiceKey = 'position' | 'pre_chat_name' | 'pre_chat_email' | 'pre_chat_phone';

/** A labelled select of `channel-<name>`, with its message beneath. */
function ChoiceField<K extends ChoiceKey>({
  bag,
  name,
  label,
  value,
  options,
  className,
}: {
  bag: FieldBag;
  name: K;
  label: string;
  value: NonNullable<ChannelFormData[K]>;
  options: [NonNullable<ChannelFormData[K]>, string][];
  className?: string;
}) {
  return (
    <SelectField
      id={`channel-${name}`}
      label={label}
      className={className}
      value={value}
      onChange={(next) => bag.set(name, next as ChannelFormData[K])}
      disabled={bag.disabled}
      error={bag.error(name)}
    >
      {options.map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

const preChatDetails = [
  { key: 'pre_chat_name', label: 'Visitor name' },
  { key: 'pre_chat_email', label: 'Visitor email' },
  { key: 'pre_chat_phone', label: 'Visitor phone' },
] as const;

/** The pre-chat form: what a new visitor is asked for before their first message, and its line. */
function PreChatFields({ bag }: { bag: FieldBag }) {
  const asking = preChatDetails.some(({ key }) => (bag.data[key] ?? 'off') !== 'off');
  return (
    <fieldset className="col-span-6">
      <legend className="block text-sm font-medium text-gray-700">Pre-chat form</legend>
      <p className="mt-1 text-xs text-gray-500">
        Ask new visitors for their details before they write, so that your team can follow up. Visitors your site signs
        in, and those who wrote before, are not asked.
      </p>
      <div className="mt-3 grid grid-cols-3 gap-4">
        {preChatDetails.map(({ key, label }) => (
          <ChoiceField
            key={key}
            bag={bag}
            name={key}
            label={label}
            value={bag.data[key] ?? 'off'}
            options={[
              ['off', 'Not asked'],
              ['optional', 'Optional'],
              ['required', 'Required'],
            ]}
          />
        ))}
      </div>
      {asking && (
        <TextField
          {...text(bag, 'pre_chat_message')}
          label="Line above the form (optional)"
          className="mt-4"
          maxLength={200}
          hint="Empty: “Before we start, tell us how to reach you.”, in the visitor's language."
        />
      )}
    </fieldset>
  );
}

function WebFields({ bag }: { bag: FieldBag }) {
  const color = bag.data.color ?? '';
  const colorError = bag.error('color');
  return (
    <>
      <TextAreaField
        {...text(bag, 'allowed_domains')}
        label="Allowed domains"
        className="col-span-6"
        rows={3}
        inputClassName="font-mono text-sm"
        hint="One a line (acme.com, shop.acme.com). The widget only opens on these sites; leave it empty while you try it on Kawan's test page."
      />

      <div className="col-span-6 sm:col-span-3">
        <InputLabel htmlFor="channel-color" value="Colour" />
        <div className="mt-1 flex items-center gap-2">
          <input
            type="color"
            aria-label="Pick the colour"
            className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-1 disabled:cursor-not-allowed"
            value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#000000'}
            onChange={(event) => bag.set('color', event.target.value)}
            disabled={bag.disabled}
          />
          <TextInput
            id="channel-color"
            className="block w-full font-mono"
            value={color}
            onChange={(event) => bag.set('color', event.target.value)}
            maxLength={7}
            placeholder="#4f46e5"
            disabled={bag.disabled}
            aria-invalid={colorError ? true : undefined}
            aria-describedby="channel-color-error"
            autoComplete="off"
          />
        </div>
        <InputError id="channel-color-error" className="mt-2" message={colorError} />
      </div>

      <ChoiceField
        bag={bag}
        name="position"
        label="Position"
        className="col-span-6 sm:col-span-3"
        value={bag.data.position ?? 'right'}
        options={[
          ['right', 'Bottom right'],
          ['left', 'Bottom left'],
        ]}
      />

      <TextField
        {...text(bag, 'title')}
        label="Title"
        className="col-span-6 sm:col-span-4"
        maxLength={60}
        hint="At the top of the chat window: your shop's name, say."
      />
      <TextField
        {...text(bag, 'avatar_url')}
        type="url"
        label="Avatar URL (optional)"
        className="col-span-6 sm:col-span-4"
        placeholder="https://"
      />
      <TextField
        {...text(bag, 'launcher_text')}
        label="Launcher text (optional)"
        className="col-span-6 sm:col-span-4"
        maxLength={40}
        hint="Beside the chat button: “Ask us anything”."
      />
      <TextAreaField
        {...text(bag, 'welcome_message')}
        label="Welcome message"
        className="col-span-6"
        rows={2}
        hint="The first message a visitor sees. Empty: the bot's own welcome message, in the visitor's language."
      />
      <TextAreaField
        {...text(bag, 'suggested_questions')}
        label="Suggested questions"
        className="col-span-6"
        rows={3}
        hint="One a line; shown as buttons until the visitor writes."
      />

      <TextField
        {...text(bag, 'proactive_message')}
        label="Proactive message"
        className="col-span-6 sm:col-span-4"
        maxLength={140}
        hint="Shown beside the launcher once a visit, until the visitor opens the chat or closes it: “Ada yang bisa kami bantu?”. Empty: none."
      />
      <TextField
        {...text(bag, 'proactive_delay')}
        label="After (seconds)"
        className="col-span-6 sm:col-span-2"
        type="number"
        inputMode="numeric"
        min={0}
        max={300}
      />

      <PreChatFields bag={bag} />

      <RatingToggle
        bag={bag}
        hint="The visitor rates the conversation from 1 to 5; the ratings appear in the reports."
      />
      <ToggleField
        bag={bag}
        name="identity_verification"
        label="Verify signed-in users"
        hint="Your server signs the user's id with the channel's secret, so that a visitor cannot pose as a customer. The secret is shown once on the channel's page."
      />
    </>
  );
}

function WhatsAppFields({ bag }: { bag: FieldBag }) {
  return (
    <>
      <TextField
        {...text(bag, 'phone_number_id')}
        label="Phone number ID"
        className="col-span-6 sm:col-span-4"
        inputMode="numeric"
        hint="In Meta's App Dashboard, WhatsApp → API Setup: the ID under the phone number (not the number itself)."
      />
      <TextField
        {...text(bag, 'waba_id')}
        label="WhatsApp Business Account ID"
        className="col-span-6 sm:col-span-4"
        inputMode="numeric"
      />
      <TextField
        {...secret(bag, 'access_token')}
        label="Access token"
        className="col-span-6"
        hint="A permanent token of a system user with the whatsapp_business_messaging and whatsapp_business_management permissions."
      />
      <TextField
        {...secret(bag, 'app_secret')}
        label="App secret"
        className="col-span-6 sm:col-span-4"
        hint="App settings → Basic. Kawan checks every webhook's signature with it."
      />
      <div className="col-span-6 sm:col-span-4">
        <TextField
          {...secret(bag, 'verify_token', 'text')}
          label="Verify token"
          className="w-full"
          hint="Any string of your choosing; paste the same into Meta's webhook settings."
        >
          {!bag.disabled && (
            <SecondaryButton className="mt-2" onClick={() => bag.set('verify_token', randomToken())}>
              Generate
            </SecondaryButton>
          )}
        </TextField>
      </div>
      <RatingToggle bag={bag} />
    </>
  );
}

const chatRatingHint =
  'When a conversation is resolved, the customer gets a message with a choice from 1 to 5 to tap (on WhatsApp, only while the 24-hour window is open); the ratings appear in the reports.';

/** A rating asked when a conversation ends: the widget's form, or in the chat a choice of 1 to 5 to tap. */
function RatingToggle({ bag, hint = chatRatingHint }: { bag: FieldBag; hint?: string }) {
  return <ToggleField bag={bag} name="collect_csat" label="Ask for a rating when a conversation ends" hint={hint} />;
}

function TelegramFields({ bag }: { bag: FieldBag }) {
  return (
    <>
      <TextField
        {...secret(bag, 'bot_token')}
        label="Bot token"
        className="col-span-6"
        placeholder={bag.secretsSet.bot_token ? SAVED_SECRET_PLACEHOLDER : '123456789:AA…'}
        hint={
          <>
            From <span className="font-medium">@BotFather</span> in Telegram: send /newbot (or /token for a bot you
            have). Kawan checks it and sets the bot's webhook for you.
          </>
        }
      />
      <RatingToggle bag={bag} />
    </>
  );
}

function WebhookFields({ bag }: { bag: FieldBag }) {
  return (
    <TextField
      {...text(bag, 'outbound_url')}
      type="url"
      label="Outbound URL"
      className="col-span-6"
      placeholder="https://example.com/kawan/events"
      hint="Where Kawan POSTs the bot's replies and conversation events, signed with the channel's secret."
    />
  );
}

/** The fields of the channel's type. */
export default function TypeSettingsFields({ bag }: { bag: FieldBag }) {
  switch (bag.data.type) {
    case 'web':
      return <WebFields bag={bag} />;
    case 'whatsapp':
      return <WhatsAppFields bag={bag} />;
    case 'telegram':
      return <TelegramFields bag={bag} />;
    case 'webhook':
      return <WebhookFields bag={bag} />;
  }
}
