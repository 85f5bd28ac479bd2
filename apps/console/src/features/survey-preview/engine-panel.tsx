import {
  Group,
  List,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Question, Survey, TillCheckItem } from '@venue-voice/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EngineVisit, engineRun } from './engine';
import { TillCheckPicker } from './till-check-picker';
import { tillChecksApi } from './till-checks-api';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today and now on the operator's clock: the first visit the panel describes. */
export function visitNow(now: Date): Pick<EngineVisit, 'date' | 'time'> {
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
/** A NumberInput's value as a number: Mantine gives a string while it reads like one ("08", "12."). */
const numberOr = (value: string | number, fallback: number) => {
  const number = typeof value === 'number' ? value : Number(value);
  return value !== '' && Number.isFinite(number) ? number : fallback;
};

/** What the visit's receipt is: none, one the operator types, or a check the till stored (decision 0260). */
export type VisitReceipt = 'none' | 'typed' | 'till';

export interface EnginePanelProps {
  survey: Survey;
  questions: readonly Question[];
  /** The branches the survey serves, for a till check; left out, the panel reads them from GET /surveys. */
  branchIds?: readonly number[];
  /** The branch a till check is first looked for at (the preview's), when the survey serves it. */
  branchId?: number;
}

/**
 * The Engine panel (issue 31 item 4): a visit (no receipt, a typed one with covers, subtotal and items, or
 * a check the till stored; a date and time; a party size) and the questions the guest engine would ask for
 * it, run in the browser on the document the preview shows.
 */
export function EnginePanel({ survey, questions, branchIds, branchId }: EnginePanelProps) {
  const { t } = useTranslation();
  const [receipt, setReceipt] = useState<VisitReceipt>('none');
  const [tillCheck, setTillCheck] = useState<TillCheckItem | null>(null);
  const served = useServedBranches(survey.templateId, branchIds, receipt === 'till');
  const [covers, setCovers] = useState(2);
  const [subtotal, setSubtotal] = useState(60);
  const [items, setItems] = useState('');
  const [when, setWhen] = useState(() => visitNow(new Date()));
  const [partySize, setPartySize] = useState<number | null>(null);

  const visit: EngineVisit | null =
    DATE.test(when.date) && TIME.test(when.time)
      ? {
          transaction:
            receipt === 'typed'
              ? {
                  covers,
                  subtotal,
                  items: items
                    .split('\n')
                    .map((line) => line.trim())
                    .filter(Boolean),
                }
              : receipt === 'till' && tillCheck
                ? { till: tillCheck.transaction }
                : null,
          date: when.date,
          time: when.time,
          partySize,
        }
      : null;
  const key = JSON.stringify(visit);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the visit's value.
  const result = useMemo(() => {
    if (!visit) return null;
    try {
      return engineRun(survey, questions, visit);
    } catch {
      return null;
    }
  }, [survey, questions, key]);

  return (
    <Paper className="console-card" p="md" component="section" aria-labelledby="engine-title">
      <Stack gap="sm">
        <Title order={2} id="engine-title" size="h3">
          {t('surveyPreview.engine.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('surveyPreview.engine.intro')}
        </Text>
        <Radio.Group
          label={t('surveyPreview.engine.visit')}
          value={receipt}
          onChange={(value) => setReceipt(value as VisitReceipt)}
        >
          <Group gap="md" mt={4}>
            <Radio value="none" label={t('surveyPreview.engine.receipt.none')} />
            <Radio value="typed" label={t('surveyPreview.engine.receipt.typed')} />
            <Radio value="till" label={t('surveyPreview.engine.receipt.till')} />
          </Group>
        </Radio.Group>
        {receipt === 'till' && (
          <TillCheckPicker
            branchIds={served}
            branchId={branchId}
            check={tillCheck}
            onCheck={(check) => {
              setTillCheck(check);
              // The visit is when the check was opened, on the branch's clock; party size stays the operator's.
              if (check) setWhen(visitOf(check.openedLocal));
            }}
          />
        )}
        {receipt === 'typed' && (
          <Group grow align="flex-start">
            <NumberInput
              label={t('surveyPreview.engine.covers')}
              min={0}
              value={covers}
              onChange={(value) => setCovers(numberOr(value, 0))}
            />
            <NumberInput
              label={t('surveyPreview.engine.subtotal')}
              min={0}
              decimalScale={2}
              value={subtotal}
              onChange={(value) => setSubtotal(numberOr(value, 0))}
            />
          </Group>
        )}
        {receipt === 'typed' && (
          <Textarea
            label={t('surveyPreview.engine.items')}
            description={t('surveyPreview.engine.itemsHint')}
            minRows={3}
            value={items}
            onChange={(event) => setItems(event.currentTarget.value)}
          />
        )}
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('surveyPreview.engine.date')}
            value={when.date}
            onChange={(event) => setWhen({ ...when, date: event.currentTarget.value })}
          />
          <TextInput
            type="time"
            label={t('surveyPreview.engine.time')}
            value={when.time}
            onChange={(event) => setWhen({ ...when, time: event.currentTarget.value })}
          />
        </Group>
        <NumberInput
          label={t('surveyPreview.engine.partySize')}
          description={t('surveyPreview.engine.partySizeHint')}
          min={1}
          value={partySize ?? ''}
          onChange={(value) => setPartySize(value === '' ? null : numberOr(value, 1))}
        />
        {result === null ? (
          <Text role="alert">{t('surveyPreview.engine.badVisit')}</Text>
        ) : (
          <EngineResultView result={result} survey={survey} />
        )}
      </Stack>
    </Paper>
  );
}

/** The visit date and time of a check's `YYYY-MM-DD HH:mm:ss` open time on the branch's clock. */
const visitOf = (local: string): Pick<EngineVisit, 'date' | 'time'> => ({
  date: local.slice(0, 10),
  time: local.slice(11, 16),
});

/**
 * The branches a survey serves: as given, else read from the survey list (only once a till check is asked
 * for); null while unknown or when the list cannot be read (every branch the operator sees is offered).
 */
function useServedBranches(
  surveyId: number,
  given: readonly number[] | undefined,
  wanted: boolean,
): readonly number[] | null {
  const list = useQuery({
    queryKey: ['survey-preview', 'surveys'],
    queryFn: tillChecksApi.surveys,
    enabled: wanted && given === undefined,
    staleTime: 60_000,
  });
  if (given !== undefined) return given;
  return list.data?.items.find((item) => item.id === surveyId)?.branchIds ?? null;
}

function EngineResultView({ result, survey }: { result: ReturnType<typeof engineRun>; survey: Survey }) {
  const { t } = useTranslation();
  const sectionName = (id: string) => survey.sections.find((section) => section.id === id)?.name ?? id;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" aria-live="polite">
        {t('surveyPreview.engine.asked', { count: result.asked.length })}
      </Title>
      {result.asked.length > 0 && (
        <List type="ordered" aria-label={t('surveyPreview.engine.askedList')}>
          {result.asked.map((question) => (
            <List.Item key={question.id}>
              {question.text}{' '}
              <Text span c="dimmed" size="sm">
                ({sectionName(question.sectionId)})
              </Text>
              {result.dishes[question.id] !== undefined && (
                <Text size="sm" c="dimmed">
                  {result.dishes[question.id]?.length
                    ? t('surveyPreview.engine.dishes', {
                        dishes: result.dishes[question.id]?.map((dish) => dish.name).join(', '),
                      })
                    : t('surveyPreview.engine.noDishes')}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {result.notAsked.length > 0 && (
        <Table aria-label={t('surveyPreview.engine.notAsked')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('surveyPreview.engine.notAsked')}</Table.Th>
              <Table.Th>{t('surveyPreview.engine.why')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.notAsked.map(({ question, reason }) => (
              <Table.Tr key={question.id}>
                <Table.Td>{question.text}</Table.Td>
                <Table.Td>{t(`surveyPreview.engine.reason.${reason}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
