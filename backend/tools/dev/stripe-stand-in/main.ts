import { join } from 'node:path';
import { startStripeStandIn } from './server';

/**
 * `make start`'s Stripe stand-in (started by scripts/start.sh when STRIPE_SECRET_KEY is unset). Its state is kept in
 * backend/data/stripe-stand-in.json beside the development database, so a restart keeps customers and subscriptions.
 */
const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 12111);
const secret = process.env.STRIPE_WEBHOOK_SECRET;
if (!secret) {
  console.error('The Stripe stand-in needs STRIPE_WEBHOOK_SECRET: the secret the API verifies its webhooks with.');
  process.exit(1);
}
const webhookUrl = process.env.STRIPE_STAND_IN_WEBHOOK_URL ?? `http://localhost:${process.env.API_PORT ?? 3000}/api/billing/webhook/`;

startStripeStandIn({
  port,
  webhookUrl: webhookUrl || null,
  webhookSecret: secret,
  stateFile: process.env.STRIPE_STAND_IN_STATE ?? join(__dirname, '../../../../data/stripe-stand-in.json'),
  log: (line) => console.log(line),
}).then(
  ({ url }) => console.log(`Stripe stand-in on ${url}: subscriptions, events and its clock at ${url}/; webhooks to ${webhookUrl || 'nowhere'}`),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
