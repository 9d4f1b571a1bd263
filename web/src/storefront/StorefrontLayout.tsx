import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ShellLayout } from '../components/ShellLayout';
import { Toolbar } from './components/Toolbar';
import { useStores } from './stores';

export const StorefrontLayout = observer(function StorefrontLayout() {
  const root = useStores();
  // Data, the ticking clock and the 4-hour reload check live as long as the storefront is shown.
  useEffect(() => root.start(), [root]);
  return <ShellLayout ui={root.ui} className="shell--storefront" toolbar={<Toolbar />} />;
});
