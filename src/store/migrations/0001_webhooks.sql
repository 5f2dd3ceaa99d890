CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`webhook_id` integer,
	`target_url` text,
	`event` text NOT NULL,
	`event_uuid` text NOT NULL,
	`body` text NOT NULL,
	`attempt` integer NOT NULL,
	`status` text NOT NULL,
	`successful` integer DEFAULT false NOT NULL,
	`response_status` integer,
	`response_time_ms` integer,
	`error` text,
	`next_attempt_at` text,
	`delivered_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook` ON `webhook_deliveries` (`webhook_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_event` ON `webhook_deliveries` (`webhook_id`,`event_uuid`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`max_retries` integer DEFAULT 3 NOT NULL,
	`timeout_seconds` integer DEFAULT 30 NOT NULL,
	`failure_count` integer DEFAULT 0 NOT NULL,
	`last_triggered_at` text,
	`disabled_at` text,
	`disabled_reason` text,
	`secret` blob,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhooks_uuid_unique` ON `webhooks` (`uuid`);--> statement-breakpoint
CREATE INDEX `webhooks_organization` ON `webhooks` (`organization_id`,`id`);