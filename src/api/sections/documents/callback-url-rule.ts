/**
 * A document's (or receiver message's) callback_url receives its events like a webhook, so it follows the
 * webhooks' URL rules (https, a public host; docs/webhooks.md), checked when the document is issued, with
 * the same local-webhooks setting; delivery checks again at connect time. documents/ may not import
 * webhooks/, so the API passes the rule in.
 */
import { checkWebhookUrl, policyFromEnv, type UrlPolicy } from '../../../webhooks/url-policy.ts';

export function callbackUrlRule(policy: UrlPolicy = policyFromEnv()): (url: string) => boolean {
  return (url) => {
    try {
      checkWebhookUrl(url, policy);
      return true;
    } catch {
      return false;
    }
  };
}
