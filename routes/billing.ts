import type { RouteRegistry } from '../server/http/router/registry';
import * as billing from '../server/http/controllers/billing/billing-controller';

/**
 * Billing of the current team: owners manage it (checkout, plan changes, cancel and resume,
 * details, the manual provider's "mark paid"), admins see it and its invoices, others get a 403.
 * Another team's invoice is a 404. Payment providers' webhooks are in routes/webhooks.ts.
 */
export default function billingRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/billing', billing.index).name('billing.index');
    user.post('/billing/checkout', billing.checkout).name('billing.checkout');
    user.post('/billing/portal', billing.portal).name('billing.portal');
    user.put('/billing/plan', billing.updatePlan).name('billing.plan.update');
    user.post('/billing/cancel', billing.cancel).name('billing.cancel');
    user.post('/billing/resume', billing.resume).name('billing.resume');
    user.put('/billing/details', billing.updateBillingDetails).name('billing.details.update');
    user.get('/billing/invoices/{invoice}', billing.showInvoice).name('billing.invoices.show').whereNumber('invoice');
    user.post('/billing/invoices/{invoice}/pay', billing.pay).name('billing.invoices.pay').whereNumber('invoice');
  });
}
