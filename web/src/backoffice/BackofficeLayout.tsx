import { observer } from 'mobx-react-lite';
import { ShellLayout } from '../components/ShellLayout';
import { UserMenu } from './shell/UserMenu';
import { useStores } from './stores';

export const BackofficeLayout = observer(function BackofficeLayout() {
  const { ui } = useStores();
  return <ShellLayout ui={ui} className="shell--backoffice" headerItems={<UserMenu />} />;
});
