import {
  Button,
  FileInput,
  Group,
  List,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EditorFault, Language, SLUG_PATTERN, type SurveyDocument } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../platform/i18n';
import { useSignedIn } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { LANGUAGE_NAMES } from '../../ui/language-picker';
import { blankDocument, slugOf } from './document-edit';
import { editorFaultText } from './editor-faults';
import { surveysApi } from './surveys-api';
import { LIST_KEY, refusedFaults } from './use-draft';

/** The branches a new survey is served at: the operator's, all chosen at first. */
function useBranchChoice() {
  const me = useSignedIn();
  const [branchIds, setBranchIds] = useState(() => me.branches.map((b) => String(b.id)));
  return {
    data: me.branches.map((b) => ({ value: String(b.id), label: b.name })),
    value: branchIds,
    onChange: setBranchIds,
    ids: branchIds.map(Number),
  };
}

/** POST /surveys, then the new survey's editor. */
function useCreate(onRefused: (faults: EditorFault[], error: unknown) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, branchIds }: { document: SurveyDocument; branchIds: number[] }) =>
      surveysApi.create(document, branchIds),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
      await navigate(`/surveys/${id}`);
    },
    onError: (error) => onRefused(refusedFaults(error), error),
  });
}

/** "New survey": a name, its link's slug, its language and branches; it starts as the smallest valid document. */
export function NewSurveyDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const branches = useBranchChoice();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [faults, setFaults] = useState<EditorFault[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreate((refused, error) => {
    setFaults(refused);
    setProblem(refused.length > 0 ? null : failureText(error, t));
  });
  const theSlug = slug ?? slugOf(name);
  const slugFault = faults.find((f) => f.path === 'survey.slug');
  const slugError =
    theSlug !== '' && !SLUG_PATTERN.test(theSlug)
      ? t('editor.slug')
      : slugFault
        ? editorFaultText(slugFault, t)
        : undefined;
  const submit = () => {
    if (name.trim() === '' || theSlug === '' || slugError || branches.ids.length === 0) return;
    setFaults([]);
    create.mutate({
      document: blankDocument({
        name: name.trim(),
        slug: theSlug,
        language,
        sectionName: t('surveys.blank.section'),
        indicatorName: t('surveys.blank.indicator'),
        questionText: t('surveys.blank.question'),
      }),
      branchIds: branches.ids,
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('surveys.newTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {problem && (
            <Text c="red.8" role="alert">
              {problem}
            </Text>
          )}
          <TextInput
            label={t('surveys.name')}
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label={t('surveys.slug')}
            description={t('surveyEditor.settings.slugHint')}
            required
            value={theSlug}
            error={slugError}
            onChange={(event) => setSlug(event.currentTarget.value)}
          />
          <Select
            label={t('surveys.language')}
            data={Language.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
            value={language}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => setLanguage(Language.find((l) => l === value) ?? language)}
          />
          <MultiSelect
            label={t('surveys.servedAt')}
            required
            data={branches.data}
            value={branches.value}
            onChange={branches.onChange}
            error={branches.ids.length === 0 ? t('surveys.branchesRequired') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <FaultList faults={faults.filter((f) => f.path !== 'survey.slug')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('surveys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Import": a survey's JSON file (an export), checked by the server with each refused field named (O15.25). */
export function ImportSurveyDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const branches = useBranchChoice();
  const [file, setFile] = useState<File | null>(null);
  const [faults, setFaults] = useState<EditorFault[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreate((refused, error) => {
    setFaults(refused);
    setProblem(refused.length > 0 ? t('surveys.importRefused') : failureText(error, t));
  });
  const submit = async () => {
    if (!file || branches.ids.length === 0) return;
    setFaults([]);
    setProblem(null);
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setProblem(t('surveys.notJson'));
      return;
    }
    // An export is `{ data: document }` when saved from the API's answer; take the document either way.
    if (document && typeof document === 'object' && 'data' in document && !('survey' in document))
      document = (document as { data: unknown }).data;
    create.mutate({ document: document as SurveyDocument, branchIds: branches.ids });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('surveys.importTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('surveys.importIntro')}</Text>
          <FileInput
            label={t('surveys.file')}
            placeholder={t('surveys.filePlaceholder')}
            accept=".json,application/json"
            required
            value={file}
            onChange={setFile}
          />
          <MultiSelect
            label={t('surveys.servedAt')}
            required
            data={branches.data}
            value={branches.value}
            onChange={branches.onChange}
            error={branches.ids.length === 0 ? t('surveys.branchesRequired') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          {problem && (
            <Text c="red.8" role="alert">
              {problem}
            </Text>
          )}
          <FaultList faults={faults} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!file} loading={create.isPending}>
              {t('surveys.importConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A refused document's faults, each by its field's path. */
function FaultList({ faults }: { faults: EditorFault[] }) {
  const { t } = useTranslation();
  if (faults.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label={t('surveys.faults')}>
      {faults.map((fault, n) => (
        <List.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
          key={`${fault.path}-${n}`}
        >
          <Text span ff="monospace" size="sm">
            {fault.path || t('surveys.wholeFile')}
          </Text>
          {': '}
          {editorFaultText(fault, t)}
        </List.Item>
      ))}
    </List>
  );
}
