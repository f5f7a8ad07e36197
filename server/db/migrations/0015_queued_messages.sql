-- Outbound messages waiting for their send job, by age: the workers' sweep finds the ones a stopped
-- process stored (an agent's message, a send to retry) without queueing their job. Few rows at any time.
CREATE INDEX "messages_queued_index" ON "messages" USING btree ("created_at") WHERE status = 'queued';