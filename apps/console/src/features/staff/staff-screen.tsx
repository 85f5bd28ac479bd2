import { Anchor, Avatar, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canChangeBranch, type StaffMember, TeamMemberStatus } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { scopeOf, useSignedIn } from '../../platform/session';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { MemberDialog } from './member-dialog';
import { staffApi } from './staff-api';

/** A branch's team: the same members, fields and rules as the tablet's Manage team (D5). */
export function StaffScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const branchId = Number(useParams().id);
  const branch = me.branches.find((item) => item.id === branchId);
  const staff = useQuery({ queryKey: ['staff', branchId], queryFn: () => staffApi.list(branchId) });
  const editable = canChangeBranch(scopeOf(me), branchId);
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);

  return (
    <Page
      title={t('staff.title', { branch: branch?.name ?? '' })}
      actions={editable && <Button onClick={() => setEditing('new')}>{t('staff.add')}</Button>}
    >
      <QueryView query={staff}>
        {({ items, teams }) => (
          <>
            {items.length === 0 ? (
              <Text>{t('staff.none')}</Text>
            ) : (
              <Paper className="console-card" p="md">
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('staff.displayName')}</Table.Th>
                        <Table.Th>{t('staff.fullName')}</Table.Th>
                        <Table.Th>{t('staff.team')}</Table.Th>
                        <Table.Th>{t('staff.status')}</Table.Th>
                        <Table.Th>{t('staff.pin')}</Table.Th>
                        {editable && <Table.Th>{t('common.actions')}</Table.Th>}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {[...items]
                        .sort((a, b) => a.weight - b.weight || a.displayName.localeCompare(b.displayName))
                        .map((member) => (
                          <Table.Tr key={member.id}>
                            <Table.Td>
                              <Group gap="sm" wrap="nowrap">
                                <Avatar
                                  src={member.thumbnailUrl ?? member.imageUrl}
                                  alt=""
                                  radius="xl"
                                  size={36}
                                >
                                  {member.displayName.slice(0, 1)}
                                </Avatar>
                                <Text fw={600}>{member.displayName}</Text>
                                {member.hasSettingsAccess && (
                                  <Badge variant="light" color="navy">
                                    {t('staff.manager')}
                                  </Badge>
                                )}
                              </Group>
                            </Table.Td>
                            <Table.Td>{member.fullName}</Table.Td>
                            <Table.Td>
                              {teams.find((team) => team.id === member.teamId)?.name ?? '—'}
                            </Table.Td>
                            <Table.Td>
                              {member.status === TeamMemberStatus.ACTIVE
                                ? t('staff.active')
                                : t('staff.inactive')}
                            </Table.Td>
                            <Table.Td>{member.hasPin ? t('staff.pinSet') : t('staff.noPin')}</Table.Td>
                            {editable && (
                              <Table.Td>
                                <Button
                                  variant="default"
                                  size="xs"
                                  aria-label={t('staff.editOf', { name: member.displayName })}
                                  onClick={() => setEditing(member)}
                                >
                                  {t('common.edit')}
                                </Button>
                              </Table.Td>
                            )}
                          </Table.Tr>
                        ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            )}
            {editing && (
              <MemberDialog
                branchId={branchId}
                member={editing === 'new' ? null : editing}
                members={items}
                teams={teams}
                onClose={() => setEditing(null)}
              />
            )}
          </>
        )}
      </QueryView>
      <Anchor component={Link} to="/branches">
        {t('branches.back')}
      </Anchor>
    </Page>
  );
}
