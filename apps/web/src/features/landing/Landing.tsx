import { useTranslation } from 'react-i18next';
import { Card, Descriptions, Tag } from 'antd';
import { defaultSchoolUrl, displayName, type Role } from '@platform/contract';
import { LoadFailed, LoadingState, EmptyState } from '../../shared/ui/PageStates';
import { roleName } from '../../shared/roleName';
import { useSession } from '../auth/useSession';
import { usePermissions } from '../../shared/permissions/usePermissions';
import { visibleChildren } from '../../shared/permissions/menuRoutes';
import { MyTasksCard } from '../teaching/study/MyTasksCard';
import { RecentTasksCard } from '../teaching/manage/RecentTasksCard';
import { MenuTiles } from './MenuTiles';
import './Landing.css';

type RoleTextKey =
  | 'landing.admin'
  | 'landing.operator'
  | 'landing.schoolManager'
  | 'landing.teacher'
  | 'landing.student'
  | 'landing.other';

/** The landing text of the user's most senior role. */
export function landingTextKey(roles: readonly Pick<Role, 'code'>[]): RoleTextKey {
  const codes = new Set(roles.map((r) => r.code));
  if (codes.has('admin')) return 'landing.admin';
  if (codes.has('operator')) return 'landing.operator';
  if (codes.has('school-manager')) return 'landing.schoolManager';
  if (codes.has('teacher')) return 'landing.teacher';
  if (codes.has('student')) return 'landing.student';
  return 'landing.other';
}

/** The workbench: who you are, and where you can go (per-role text). */
export function Landing() {
  const { t } = useTranslation();
  const session = useSession();
  const permissions = usePermissions(session, true);
  const { user } = session;

  if (user.isPending) return <LoadingState />;
  if (user.isError) return <LoadFailed error={user.error} onRetry={() => void user.refetch()} />;
  const me = user.data;
  const schUrl = session.schUrl ?? defaultSchoolUrl;
  const school = session.college?.name || me.collegeName;

  let menus;
  if (permissions.status === 'pending') menus = <LoadingState />;
  else if (permissions.status === 'error') menus = <LoadFailed onRetry={permissions.refetch} />;
  else if (visibleChildren(permissions.menu.entries).length === 0)
    menus = <EmptyState description={t('landing.noMenus')} />;
  else menus = <MenuTiles entries={permissions.menu.entries} schUrl={schUrl} />;

  // Cards of what the user's menus really open: a view the tree holds.
  const pathOfView = (view: string) =>
    permissions.status === 'ready'
      ? permissions.menu.routes.find((r) => r.view === view)?.path
      : undefined;
  const myTasks = pathOfView('MyTasks');
  const taskList = pathOfView('TaskList');

  return (
    <div className="landing">
      <Card>
        <h1 className="landing__title">{t('landing.greeting', { name: displayName(me) })}</h1>
        <p className="landing__text">{t(landingTextKey(session.roles))}</p>
      </Card>
      {myTasks && <MyTasksCard />}
      {taskList && <RecentTasksCard schUrl={schUrl} listPath={taskList} />}
      <Card title={t('landing.whoAmI')}>
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t('landing.displayName')}>{displayName(me)}</Descriptions.Item>
          <Descriptions.Item label={t('landing.userName')}>{me.userName}</Descriptions.Item>
          <Descriptions.Item label={t('landing.roles')}>
            {session.roles.length > 0
              ? session.roles.map((role) => (
                  <Tag color="blue" key={role.id}>
                    {roleName(role, t)}
                  </Tag>
                ))
              : t('landing.noRoles')}
          </Descriptions.Item>
          <Descriptions.Item label={t('landing.school')}>
            {school || t('landing.noSchool')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('landing.menus')}>{menus}</Card>
    </div>
  );
}
