import { runInAction } from 'mobx';
import type { StorefrontRootStore } from '../storefront/StorefrontRootStore';
import type { CustomerField } from '../storefront/stores/CheckoutStore';
import type { KioskSession } from './KioskStore';

/** The kiosk's hold on the storefront stores: what counts as a started order, and how it is wiped. */
export function storefrontSession(root: StorefrontRootStore): KioskSession {
  // The order form is built with the kiosk's pages (routes.tsx), before the session can start.
  const { cart } = root;
  return {
    hasProgress: () =>
      !cart.isEmpty ||
      cart.editor !== null ||
      Object.values(root.checkout.details).some((value) => value.trim() !== '') ||
      cart.comment.trim() !== '',
    clearAll: () =>
      runInAction(() => {
        const { checkout } = root;
        cart.cancelEditor();
        cart.hidePanel();
        cart.dismissNotification();
        if (cart.branch) cart.clear();
        // Spec section 4: in self-service context the stored order form is reset too.
        for (const field of Object.keys(checkout.details) as CustomerField[]) checkout.setDetail(field, '');
        checkout.setTable(null);
        checkout.setLegalInstructions(false);
        checkout.setPrivacyPolicy(false);
        checkout.paymentMethod = null;
        checkout.showErrors = false;
        checkout.serverErrors = [];
        checkout.saveForm();
      }),
  };
}
