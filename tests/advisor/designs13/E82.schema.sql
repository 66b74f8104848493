-- rows: 300000000
-- distinct: tenant_id 2000
-- distinct: account_id 60000000
-- distinct: bundle_id 200000000
-- distinct: state 3
CREATE TABLE subscriptions (tenant_id VARCHAR(36) NOT NULL, account_id VARCHAR(36) NOT NULL,
  subscription_id VARCHAR(36) NOT NULL, bundle_id VARCHAR(36), category VARCHAR(32),
  plan_name VARCHAR(255), state VARCHAR(16), start_date TIMESTAMP, charged_through_date DATE,
  billing_cycle_day INTEGER, cancelled_date TIMESTAMP, updated_date TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (tenant_id, account_id, subscription_id)) MULTI_TENANT=true;
CREATE INDEX subscriptions_bundle_id ON subscriptions (bundle_id);
CREATE INDEX subscriptions_ctd ON subscriptions (charged_through_date) INCLUDE (state, plan_name, billing_cycle_day);
CREATE VIEW active_subscriptions AS SELECT * FROM subscriptions WHERE state = 'ACTIVE';
-- rows: 3000000000
-- distinct: tenant_id 2000
-- distinct: subscription_id 300000000
CREATE TABLE subscription_events (tenant_id VARCHAR(36) NOT NULL, subscription_id VARCHAR(36) NOT NULL,
  effective_date TIMESTAMP NOT NULL, event_id VARCHAR(36) NOT NULL, event_type VARCHAR(32),
  user_type VARCHAR(32), plan_name VARCHAR(255), phase_name VARCHAR(255), price_list_name VARCHAR(64),
  is_active BOOLEAN, created_date TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (tenant_id, subscription_id, effective_date, event_id)) MULTI_TENANT=true;
CREATE INDEX idx_ent_1 ON subscription_events (subscription_id, is_active, effective_date);
