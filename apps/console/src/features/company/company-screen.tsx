import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  FileInput,
  Group,
  Image,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONTACT_RETENTION_MAX_DAYS,
  type CompanySettingsInput,
  checkCompanySettings,
  Language,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ME_KEY } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { applyFieldFaults, checkErrors, faultText } from '../../ui/field-faults';
import { languageOptions } from '../../ui/language-picker';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { type Company, companyApi } from './company-api';

export function CompanyScreen() {
  const { t } = useTranslation();
  const company = useQuery({ queryKey: ['company'], queryFn: companyApi.get });
  return (
    <Page title={t('company.title')}>
      <QueryView query={company}>{(data) => <CompanyForm company={data} />}</QueryView>
    </Page>
  );
}

interface CompanyValues {
  name: string;
  primaryColour: string;
  accentColour: string;
  languages: string[];
  contactRetentionDays: number | string;
  managersEditSurveys: boolean;
}

/** The form as the PATCH it sends: an empty colour removes it, languages in the app's order. */
const changeOf = (values: CompanyValues): CompanySettingsInput => ({
  name: values.name.trim(),
  branding: {
    primaryColour: values.primaryColour.trim() || null,
    accentColour: values.accentColour.trim() || null,
  },
  languages: Language.filter((language) => values.languages.includes(language)),
  contactRetentionDays: Number(values.contactRetentionDays),
  managersEditSurveys: values.managersEditSurveys,
});

function CompanyForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CompanyValues>({
    initialValues: {
      name: company.name,
      primaryColour: company.branding.primaryColour ?? '',
      accentColour: company.branding.accentColour ?? '',
      languages: company.languages as string[],
      contactRetentionDays: company.contactRetentionDays,
      managersEditSurveys: company.managersEditSurveys ?? false,
    },
    // O3.1–O3.4, the server's own check of the same change.
    validate: (values) => checkErrors(checkCompanySettings(changeOf(values)), t),
  });
  const save = useMutation({
    mutationFn: (values: typeof form.values) => companyApi.save(changeOf(values)),
    onSuccess: async () => {
      setProblem(null);
      notifications.show({ color: 'green', message: t('company.saved') });
      await queryClient.invalidateQueries({ queryKey: ['company'] });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
    onError: (error) => {
      const rest = applyFieldFaults(error, Object.keys(form.values), form.setFieldError, t);
      setProblem(rest[0] ? faultText(rest[0], t) : failureText(error, t));
    },
  });
  const logo = useMutation({
    mutationFn: companyApi.uploadLogo,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('company.logoSaved') });
      await queryClient.invalidateQueries({ queryKey: ['company'] });
    },
  });

  return (
    <Stack gap="lg">
      <Paper className="console-card" p="xl">
        <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
          <Stack gap="lg">
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput label={t('company.name')} required maw={480} {...form.getInputProps('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} maw={480}>
              <ColorInput
                label={t('company.primaryColour')}
                description={t('company.colourHint')}
                format="hex"
                withEyeDropper={false}
                {...form.getInputProps('primaryColour')}
              />
              <ColorInput
                label={t('company.accentColour')}
                description={t('company.colourHint')}
                format="hex"
                withEyeDropper={false}
                {...form.getInputProps('accentColour')}
              />
            </SimpleGrid>
            <Checkbox.Group
              label={t('company.languages')}
              description={t('company.languagesHint')}
              {...form.getInputProps('languages')}
            >
              <Group mt="xs">
                {languageOptions.map((option) => (
                  <Checkbox key={option.value} value={option.value} label={option.label} />
                ))}
              </Group>
            </Checkbox.Group>
            <NumberInput
              label={t('company.retention')}
              description={t('company.retentionHint', { max: CONTACT_RETENTION_MAX_DAYS })}
              min={1}
              max={CONTACT_RETENTION_MAX_DAYS}
              allowDecimal={false}
              maw={240}
              {...form.getInputProps('contactRetentionDays')}
            />
            <Switch
              label={t('company.managersEditSurveys')}
              description={t('company.managersEditSurveysHint')}
              {...form.getInputProps('managersEditSurveys', { type: 'checkbox' })}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper className="console-card" p="xl">
        <Stack gap="md">
          <Title order={2}>{t('company.logo')}</Title>
          {company.branding.logoUrl ? (
            <Image
              src={company.branding.logoUrl}
              alt={t('company.logoAlt', { name: company.name })}
              h={72}
              w="auto"
              fit="contain"
            />
          ) : (
            <Text c="dimmed">{t('company.noLogo')}</Text>
          )}
          <FileInput
            label={t('company.chooseLogo')}
            description={t('company.logoHint')}
            accept="image/png,image/jpeg,image/webp"
            maw={360}
            clearable={false}
            onChange={(file) => file && logo.mutate(file)}
            disabled={logo.isPending}
          />
          {logo.error && (
            <Alert color="red" role="alert">
              {failureText(logo.error, t)}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
