import { observer } from 'mobx-react-lite';
import { ShellLayout } from '../components/ShellLayout';
import { useStores } from './stores';

export const StorefrontLayout = observer(function StorefrontLayout() {
  const { ui } = useStores();
  return <ShellLayout ui={ui} className="shell--storefront" />;
});
