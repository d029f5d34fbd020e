#!/usr/bin/env bash
# Serves the API (API_PORT, default 3000) and the site (PORT, default 8080) together; Ctrl-C stops everything.
# Without SMTP_URL, a development mail catcher receives the mail (sign-up codes, reset links): http://localhost:1080
# Without STRIPE_SECRET_KEY, a local Stripe stand-in takes Stripe's place (its API, checkout and portal pages, signed
# webhooks, a clock to move forward): http://localhost:12111 (docs/billing.md, "The Stripe stand-in").
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT INT TERM
if [ -z "${SMTP_URL:-}" ]; then
  node backend/dist-tools/tools/dev/mail-catcher.js &
fi
if [ -z "${STRIPE_SECRET_KEY:-}" ]; then
  export STRIPE_STAND_IN_PORT="${STRIPE_STAND_IN_PORT:-12111}"
  export STRIPE_WEBHOOK_SECRET="${STRIPE_WEBHOOK_SECRET:-whsec_stand_in_development}"
  node backend/dist-tools/tools/dev/stripe-stand-in/main.js &
  # The API's Stripe client then talks to the stand-in exactly as it would to Stripe.
  export STRIPE_SECRET_KEY=sk_test_stand_in STRIPE_API_URL="http://localhost:$STRIPE_STAND_IN_PORT"
fi
# Development: an admin for http://localhost:8080/admin/, created once; its email and random password are printed then.
if [ "${NODE_ENV:-development}" != production ]; then
  npm run -s admin:demo -w backend
fi
npm start -w backend &
npm start -w frontend &
wait -n
