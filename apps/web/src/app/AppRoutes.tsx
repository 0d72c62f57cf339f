import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { labOpenPath } from '@platform/contract';
import { siteRoutes } from '../features/site/routes';
import { Root } from './Root';

// Every page is its own chunk; the entry holds only the shell (DESIGN §5, §8).
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/errors/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const LabOpenPage = lazy(() =>
  import('../features/labs/LabOpenPage').then((m) => ({ default: m.LabOpenPage })),
);
const SignedInArea = lazy(() =>
  import('./SignedInArea').then((m) => ({ default: m.SignedInArea })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        {/* "/" is decided by the guard: the signed-in area, or the home page. */}
        <Route index element={null} />
        {siteRoutes()}
        <Route path="login" element={<LoginPage />} />
        <Route path="404" element={<NotFoundPage />} />
        <Route path={`${labOpenPath.slice(1)}/:containerId`} element={<LabOpenPage />} />
        <Route path=":schUrl/*" element={<SignedInArea />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}
