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
CREATE INDEX SUBSCRIPTIONS_BUNDLE_ID ON SUBSCRIPTIONS (BUNDLE_ID) INCLUDE (PLAN_NAME, STATE, CHARGED_THROUGH_DATE);
CREATE INDEX idx_SUBSCRIPTIONS_TENANT_ID_STATE_CHARGED_THROUGH_DATE ON SUBSCRIPTIONS (STATE, CHARGED_THROUGH_DATE) INCLUDE (PLAN_NAME, BILLING_CYCLE_DAY);
CREATE VIEW active_subscriptions AS SELECT * FROM subscriptions WHERE state = 'ACTIVE';
-- rows: 3000000000
-- distinct: tenant_id 2000
-- distinct: subscription_id 300000000
CREATE TABLE subscription_events (tenant_id VARCHAR(36) NOT NULL, subscription_id VARCHAR(36) NOT NULL,
  effective_date TIMESTAMP NOT NULL, event_id VARCHAR(36) NOT NULL, event_type VARCHAR(32),
  user_type VARCHAR(32), plan_name VARCHAR(255), phase_name VARCHAR(255), price_list_name VARCHAR(64),
  is_active BOOLEAN, created_date TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (tenant_id, subscription_id, effective_date, event_id)) MULTI_TENANT=true;
