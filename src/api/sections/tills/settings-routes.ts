/**
 * The counter's settings (docs/tills.md, "Till settings"): GET/PUT /settings/till — the cashier's
 * inactivity lock, the discount a cashier may give alone, and the shop's scale-label formats. One row per
 * organization, shared by both environments (a test key may change it only while the shop is in the
 * sandbox, as the branding). `settings:read` to view, `settings:manage` to change.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { Store } from '../../../store/database.ts';
import { readTillSettings } from '../../../store/till-settings.ts';
import { changeTillSettings } from '../../../tills/change-till-settings.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { assertSharedSettingsChange } from '../../requested-environment.ts';
import { TillSettingsInput, TillSettingsReply } from './settings-schemas.ts';
import { tillSettingsView } from './settings-views.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;
const tags = ['tills'];

export interface TillSettingsDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
}

export const tillSettingsRoutes: RoutePlugin<TillSettingsDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/settings/till', {
    config: READ,
    schema: { tags, summary: "The counter's settings: inactivity lock, cashiers' discount limit, scale-label formats", response: { 200: TillSettingsReply } },
  }, async (request) => ok(tillSettingsView(readTillSettings(deps.store.db, requireOrganization(request).organization.id))));

  app.put('/settings/till', {
    config: MANAGE,
    schema: { tags, summary: "Change the counter's settings (members not sent keep their value)", body: TillSettingsInput, response: { 200: TillSettingsReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    assertSharedSettingsChange(auth);
    const b = request.body;
    const saved = changeTillSettings(deps, auth.organization.id, {
      lockAfterMinutes: b.lock_after_minutes,
      discountLimitPercent: b.discount_limit_percent === undefined ? undefined : String(b.discount_limit_percent),
      scaleFormats: b.scale_formats?.map((f) => ({ prefix: f.prefix, itemDigits: f.item_digits, value: f.value, decimals: f.decimals })),
    });
    return ok(tillSettingsView(saved), 'Till settings saved.', deps.clock.now());
  });
};
