import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  profileButtons,
  profileLabels,
  profileMessages,
  userReachMessages,
  userReachProblems,
  type Profile,
} from '@hasp/contracts';
import { UserReachFields } from '../../../components/UserReachFields';
import { currentLanguage, useCaptions } from '../../../lib/i18n';
import { useLanguages } from '../../../lib/languages';
import { fieldErrorsOf } from '../../../lib/send-form';
import { useUpdateProfile } from '../api/update-profile';
import { detailsProblems, type ProfileMessage } from '../form-rules';
import { applyPreferredLanguage } from '../use-profile-language';
import columns from '../../../components/SettingsColumns.module.css';
import classes from '../Profile.module.css';

interface DetailsFormProps {
  profile: Profile;
  connection: string;
}

const fields = ['displayName', 'email', 'department', 'contact', 'languageCode'] as const;
type Field = (typeof fields)[number];
type ReachMessage = keyof typeof userReachMessages;
/** A field's problem: our own caption, or the server's words when it found one we did not. */
type Problem = { caption: ProfileMessage } | { reach: ReachMessage } | { text: string };

/** Name, e-mail, department or crew, contact and preferred language. A saved language applies to the whole app at once. */
export function DetailsForm({ profile, connection }: DetailsFormProps) {
  const t = useCaptions();
  const languages = useLanguages(connection);
  const update = useUpdateProfile();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [email, setEmail] = useState(profile.email ?? '');
  const [department, setDepartment] = useState(profile.department ?? '');
  const [contact, setContact] = useState(profile.contact ?? '');
  const [languageCode, setLanguageCode] = useState(profile.languageCode ?? currentLanguage());
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [saved, setSaved] = useState(false);

  const edited = (field: Field) => {
    setSaved(false);
    if (problems[field]) setProblems(({ [field]: _gone, ...rest }) => rest);
  };

  const messageOf = (field: Field) => {
    const problem = problems[field];
    if (!problem) return undefined;
    if ('caption' in problem) return t(profileMessages[problem.caption]);
    return 'reach' in problem ? t(userReachMessages[problem.reach]) : problem.text;
  };

  const focusFirstProblem = (found: Partial<Record<Field, unknown>>) => {
    const first = fields.find((field) => found[field]);
    if (first) document.getElementById(`profile-${first}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = detailsProblems({ displayName, email });
    const ownProblems: Partial<Record<Field, Problem>> = {};
    if (found.displayName) ownProblems.displayName = { caption: found.displayName };
    if (found.email) ownProblems.email = { caption: found.email };
    const reach = userReachProblems({ department, contact });
    if (reach.department) ownProblems.department = { reach: reach.department };
    if (reach.contact) ownProblems.contact = { reach: reach.contact };
    setProblems(ownProblems);
    setSaved(false);
    if (Object.keys(ownProblems).length) {
      focusFirstProblem(ownProblems);
      return;
    }
    update.mutate(
      {
        displayName: displayName.trim(),
        email: email.trim() || null,
        languageCode: languageCode || null,
        department: department.trim() || null,
        contact: contact.trim() || null,
      },
      {
        onSuccess: (result) => {
          setSaved(true);
          applyPreferredLanguage(result.languageCode);
        },
        onError: (error) => {
          // What the user typed stays in the fields; the server's word goes beside the one it is about.
          const serverProblems: Partial<Record<Field, Problem>> = {};
          for (const [field, text] of Object.entries(fieldErrorsOf(error))) {
            if (text && (fields as readonly string[]).includes(field)) serverProblems[field as Field] = { text };
          }
          setProblems(serverProblems);
          focusFirstProblem(serverProblems);
        },
      },
    );
  };

  const languageOptions = (languages.data ?? []).map((language) => ({ value: language.code, label: language.name }));
  // The language shown before the list arrives (or when the list lacks it) must still be an option.
  if (languageCode && !languageOptions.some((option) => option.value === languageCode)) {
    languageOptions.unshift({
      value: languageCode,
      label: languages.isPending ? t(profileLabels.languagesLoading) : languageCode,
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading" className={columns.sectionTitle}>
        {t(profileLabels.detailsHeading)}
      </h2>
      <Stack gap="md">
        <dl className={classes.readOnly}>
          <dt>{t(profileLabels.userName)}</dt>
          <dd>{profile.userName}</dd>
        </dl>
        <TextInput
          id="profile-displayName"
          label={t(profileLabels.name)}
          required
          autoComplete="name"
          maxLength={200}
          value={displayName}
          error={messageOf('displayName')}
          onChange={(event) => {
            setDisplayName(event.currentTarget.value);
            edited('displayName');
          }}
        />
        <TextInput
          id="profile-email"
          type="email"
          label={t(profileLabels.email)}
          description={t(profileLabels['email::description'])}
          autoComplete="email"
          maxLength={320}
          value={email}
          error={messageOf('email')}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            edited('email');
          }}
        />
        <UserReachFields
          idPrefix="profile"
          values={{ department, contact }}
          errors={{ department: messageOf('department'), contact: messageOf('contact') }}
          onChange={(field, value) => {
            (field === 'department' ? setDepartment : setContact)(value);
            edited(field);
          }}
        />
        <NativeSelect
          id="profile-languageCode"
          label={t(profileLabels.language)}
          description={t(profileLabels['language::description'])}
          data={languageOptions}
          value={languageCode}
          error={messageOf('languageCode')}
          onChange={(event) => {
            setLanguageCode(event.currentTarget.value);
            edited('languageCode');
          }}
        />
        <div className={classes.formActions}>
          <Button type="submit" loading={update.isPending}>
            {t(profileButtons.saveDetails)}
          </Button>
          <span role="status" className={classes.status}>
            {saved ? t(profileMessages.detailsSaved) : ''}
          </span>
        </div>
      </Stack>
    </form>
  );
}
