import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { ReactNode } from 'react';
import { Layout, Menu } from 'react-admin';

/** react-admin's menu, plus the "Hidden listings" view after the resources. */
const AdminMenu = () => (
  <Menu>
    <Menu.DashboardItem />
    <Menu.ResourceItems />
    <Menu.Item to="/hidden-listings" primaryText="Hidden listings" leftIcon={<VisibilityOffIcon />} />
  </Menu>
);

export const AdminLayout = ({ children }: { children: ReactNode }) => <Layout menu={AdminMenu}>{children}</Layout>;
