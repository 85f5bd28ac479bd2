import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AnswerView, ResponseDetail } from '@venue-voice/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatMoment } from '../../ui/dates';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { inboxApi } from './inbox-api';
import { visitText } from './visit-text';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper className="console-card" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Label–value pairs as a description list. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing={4} m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" fw={600} size="sm">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

const money = (value: number) => value.toFixed(2);
const DISH_COLOUR: Record<number, string> = { 1: 'red.9', 2: 'dark', 3: 'teal.9' };

function AnswerText({ answer }: { answer: AnswerView }) {
  const { t } = useTranslation();
  if (answer.notApplicable) return <Text size="sm">{t('response.notApplicable')}</Text>;
  const parts: ReactNode[] = [];
  if (answer.stars) parts.push(t('response.stars', answer.stars));
  if (answer.yes !== null) parts.push(answer.yes ? t('response.yes') : t('response.no'));
  if (answer.choices.length > 0) parts.push(answer.choices.join(', '));
  if (answer.kind === 'menu') parts.push(t('response.menuAnswer'));
  if (answer.positive) parts.push(`${t('response.positive')}: ${answer.positive}`);
  if (answer.negative) parts.push(`${t('response.negative')}: ${answer.negative}`);
  if (answer.text)
    parts.push(answer.kind === 'yesNo' ? t('response.why', { text: answer.text }) : answer.text);
  return (
    <Stack gap={2}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one answer, in a fixed order.
        <Text key={i} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {part}
        </Text>
      ))}
      {answer.services.map((service) => (
        <Text key={service.name} size="sm">
          <strong>{service.name}</strong>: {service.answers.map((a) => `${a.label} ${a.value}`).join('; ')}
        </Text>
      ))}
    </Stack>
  );
}

function Detail({ response: r }: { response: ResponseDetail }) {
  const { t } = useTranslation();
  const none = t('response.none');
  const deviceText =
    r.device.kind === 'tablet'
      ? `${t('response.tablet')}${r.device.userAgent ? ` (${r.device.userAgent})` : ''}`
      : t('response.web');
  return (
    <Stack gap="md">
      <Section title={t('response.summary')}>
        <Facts
          rows={[
            [t('response.branch'), r.branch?.name ?? t('inbox.noBranch')],
            [t('response.survey'), r.survey.name],
            // Decision 0256: the version the guest answered; its answers are labelled from it.
            [
              t('responseVersion.label'),
              r.surveyVersion === null ? t('responseVersion.none') : String(r.surveyVersion),
            ],
            [t('response.visit'), visitText(r.visitDatetime)],
            [t('response.received'), formatMoment(r.receivedAt)],
            [t('response.device'), deviceText],
            [
              t('response.language'),
              r.language ? t(`inbox.languages.${r.language}`, { defaultValue: r.language }) : none,
            ],
            [t('response.table'), r.tableId ?? none],
            [
              t('response.nps'),
              r.nps === null ? none : `${r.nps} · ${t(`inbox.groups.${r.npsGroup ?? 'detractor'}`)}`,
            ],
            [t('response.csat'), r.csat ?? none],
            [t('response.complaint'), r.complaint ? t('response.yes') : t('response.no')],
          ]}
        />
      </Section>

      {r.indicators.length > 0 && (
        <Section title={t('response.scores')}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('response.indicator')}</Table.Th>
                <Table.Th>{t('response.score')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.indicators.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.name ?? t('response.unknownIndicator', { id: i.id })}</Table.Td>
                  <Table.Td>
                    {i.min === null || i.max === null
                      ? i.score
                      : t('response.range', { score: i.score, min: i.min, max: i.max })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}

      <Section title={t('response.answers')}>
        {r.answers.length === 0 ? (
          <Text size="sm">{t('response.noAnswers')}</Text>
        ) : (
          <Stack gap="sm">
            {r.answers.map((answer) => (
              <div key={answer.questionId}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {answer.title ?? t('response.unknownQuestion', { id: answer.questionId })}
                  </Text>
                  {answer.drilldownOf && (
                    <Badge size="xs" variant="outline" color="blue.9">
                      {t('response.drilldownOf', { name: answer.drilldownOf })}
                    </Badge>
                  )}
                  {answer.followUpOf !== null && (
                    <Badge size="xs" variant="outline" color="dark">
                      {t('response.followUp')}
                    </Badge>
                  )}
                </Group>
                <AnswerText answer={answer} />
              </div>
            ))}
          </Stack>
        )}
      </Section>

      {r.dishes.length > 0 && (
        <Section title={t('response.dishes')}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('response.dish')}</Table.Th>
                <Table.Th>{t('response.rating')}</Table.Th>
                <Table.Th>{t('response.reasons')}</Table.Th>
                <Table.Th>{t('response.dishComment')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.dishes.map((dish, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one dish may be rated twice (a receipt's two lines).
                <Table.Tr key={index}>
                  <Table.Td>{dish.name ?? t('response.unknownDish', { ref: dish.ref })}</Table.Td>
                  <Table.Td>
                    <Badge color={DISH_COLOUR[dish.rating] ?? 'dark'} variant="outline">
                      {dish.ratingLabel ?? t(`response.ratings.${dish.rating}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {[
                      ...dish.reasons,
                      ...(dish.otherReason ? [t('response.other', { text: dish.otherReason })] : []),
                    ].join(', ') || '—'}
                  </Table.Td>
                  <Table.Td>{dish.comment ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}

      {r.staff && (
        <Section title={t('response.staff')}>
          <Facts
            rows={[
              [t('response.name'), r.staff.name ?? t('response.staffTyped')],
              [t('response.tags'), r.staff.tags.length > 0 ? r.staff.tags.join(', ') : none],
              [t('response.staffText'), r.staff.text ?? none],
            ]}
          />
        </Section>
      )}

      {r.photo && (
        <Section title={t('response.photo')}>
          <Anchor href={r.photo.imageUrl} target="_blank" rel="noopener" w="fit-content">
            <Image src={r.photo.thumbnailUrl} alt={t('response.photoAlt')} maw={240} radius="sm" />
            <Text size="sm">{t('response.openPhoto')}</Text>
          </Anchor>
        </Section>
      )}

      {r.voucher && (
        <Section title={t('response.voucher')}>
          <Facts
            rows={[
              [t('response.code'), r.voucher.code],
              [t('response.voucher'), r.voucher.name ?? none],
              [
                t('response.issued'),
                r.voucher.state === 'withdrawn'
                  ? t('response.withdrawn')
                  : (formatMoment(r.voucher.issuedAt) ?? none),
              ],
            ]}
          />
        </Section>
      )}

      {r.receipt && (
        <Section title={t('response.receipt')}>
          <Facts
            rows={[
              [t('response.check'), r.receipt.checkId ?? none],
              [t('response.covers'), r.receipt.covers],
              [t('response.opened'), formatMoment(r.receipt.openedAt)],
              [t('response.total'), money(r.receipt.total)],
            ]}
          />
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('response.item')}</Table.Th>
                <Table.Th>{t('response.quantity')}</Table.Th>
                <Table.Th>{t('response.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.receipt.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the till's lines, in its order.
                <Table.Tr key={index}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td>{item.quantity}</Table.Td>
                  <Table.Td>{item.price === null ? '—' : money(item.price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}

      <Section title={t('response.contact')}>
        {r.contact ? (
          <>
            <Facts
              rows={(['name', 'email', 'phone', 'birthday', 'anniversary'] as const)
                .filter((field) => r.contact?.[field])
                .map((field) => [t(`response.${field}`), r.contact?.[field]] as [string, ReactNode])
                .concat([[t('response.given'), formatMoment(r.contact.givenAt)]])}
            />
            <Text size="sm" c="dimmed">
              {t('response.contactKept', { count: r.contactRetentionDays })}
            </Text>
          </>
        ) : (
          <Text size="sm">
            {r.contactDeleted
              ? t('response.contactDeleted', { count: r.contactRetentionDays })
              : t('response.noContact')}
          </Text>
        )}
      </Section>
    </Stack>
  );
}

/** One response (issue 29 item 2), everything the guest gave, reached from the inbox. */
export function ResponseScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/responses';
  const response = useQuery({ queryKey: ['inbox', 'response', id], queryFn: () => inboxApi.response(id) });
  const title = response.data
    ? t('response.title', { when: visitText(response.data.visitDatetime) })
    : t('inbox.title');
  return (
    <Page title={title}>
      <Anchor component={Link} to={from} w="fit-content">
        ← {t('response.back')}
      </Anchor>
      <QueryView query={response}>
        {(data) => (
          <>
            {/* Issue 30: the case an alert opened on this response. */}
            {data.case && (
              <Anchor component={Link} to={`/cases/${data.case.id}`} w="fit-content">
                {t('response.openCase', { status: t(`cases.statuses.${data.case.status}`) })}
              </Anchor>
            )}
            <Detail response={data} />
          </>
        )}
      </QueryView>
    </Page>
  );
}
