/** Till settings as the API's `TillSettings` (snake_case members, docs/tills.md). */
import type { TillSettings } from '../../../store/till-settings.ts';

export function tillSettingsView(settings: TillSettings) {
  return {
    lock_after_minutes: settings.lockAfterMinutes,
    discount_limit_percent: settings.discountLimitPercent,
    scale_formats: settings.scaleFormats.map((f) => ({ prefix: f.prefix, item_digits: f.itemDigits, value: f.value, decimals: f.decimals })),
  };
}
