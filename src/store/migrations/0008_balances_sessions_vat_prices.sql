CREATE TABLE `browser_sessions` (
	`secret_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`key_id` text NOT NULL,
	`organization_uuid` text,
	`ends_at_restart` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `documents` ADD `balance` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `referenced_document_id` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `balance_document_id` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `balance_effect` text;--> statement-breakpoint
CREATE INDEX `documents_referenced` ON `documents` (`referenced_document_id`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `prices_include_vat` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `price_includes_vat` integer DEFAULT false NOT NULL;