// The journeys' shops: E2E_SHOPS production servers (default 1; the test command runs 2), each on a
// fresh embedded database with a Redis and a Mailpit of its own, on ports of its own. Playwright runs
// one worker per shop and worker n drives shop n, so the test files that run side by side share no
// data: a journey that changes stock, settings or limits cannot upset one running beside it.

export const E2E_SHOPS = Math.max(1, Math.floor(Number(process.env.E2E_SHOPS ?? 1)) || 1);

/** Past the first shop, each shop's ports are the first one's plus this much per shop. */
const SHOP_PORT_STRIDE = 10;

export type ShopPorts = { web: number; db: number; redis: number; smtp: number; mail: number };

export function shopPorts(index: number): ShopPorts {
  const first = {
    web: Number(process.env.E2E_PORT ?? 3100),
    db: Number(process.env.E2E_DB_PORT ?? 27127),
    redis: Number(process.env.E2E_REDIS_PORT ?? 6427),
    smtp: Number(process.env.E2E_SMTP_PORT ?? 1127),
    mail: Number(process.env.E2E_MAILPIT_PORT ?? 8127),
  };
  const offset = index * SHOP_PORT_STRIDE;
  return { web: first.web + offset, db: first.db + offset, redis: first.redis + offset, smtp: first.smtp + offset, mail: first.mail + offset };
}

/** The shop this process drives: a worker's own (Playwright numbers its workers 0…E2E_SHOPS-1), the first outside a worker. */
export const thisShop = (): ShopPorts => shopPorts(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % E2E_SHOPS);

export const shopBaseUrl = (ports: ShopPorts = thisShop()) => `http://127.0.0.1:${ports.web}`;
