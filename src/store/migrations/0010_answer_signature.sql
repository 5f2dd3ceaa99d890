ALTER TABLE `documents` ADD `response_signature_state` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `response_signer` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `response_signature_detail` text;