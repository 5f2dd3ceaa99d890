ALTER TABLE `accounts` ADD `past_due_since` text;--> statement-breakpoint
ALTER TABLE `smtp_settings` ADD `allow_insecure` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `environment` text DEFAULT 'staging' NOT NULL;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `environment` text DEFAULT 'staging' NOT NULL;