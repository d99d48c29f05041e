import type { Router } from "../../router";
import {
  allowOnly,
  bool,
  int,
  invalid,
  listAnswer,
  metadata,
  noSuch,
  obj,
  requiredStr,
  str,
  StripeError,
  stripeRoute,
  type StripeParams,
} from "./api";
import { stripeId, stripeNow, stripeState, type StripeCustomer, type StripePrice, type StripeState } from "./state";
import { newCustomer, newPrice, newProduct } from "./objects";
import { emit } from "./webhooks";

/** Customers, products and prices: create, retrieve, update (customers), list (lookup_keys). */

const CURRENCIES = ["usd", "gbp", "eur"];
const INTERVALS = ["day", "week", "month", "year"] as const;

function email(params: StripeParams): string | undefined {
  const value = str(params, "email");
  if (value !== undefined && value !== "" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value))
    throw invalid("email", "Invalid email address: " + value);
  return value;
}

export function registerStripeCatalog(router: Router): void {
  router
    .post(
      "/v1/customers",
      stripeRoute((ctx, params) => {
        allowOnly(params, ["email", "name", "description", "metadata"]);
        const customer = newCustomer({
          id: stripeId("cus", 14),
          created: stripeNow(ctx.store),
          email: email(params) || null,
          name: str(params, "name") || null,
          description: str(params, "description") || null,
          metadata: metadata(params),
          currency: null,
        });
        ctx.store.slice(stripeState).customers.set(customer.id, customer);
        emit(ctx.store, [{ type: "customer.created", object: customer }]);
        return customer;
      }),
    )
    .get(
      "/v1/customers/:id",
      stripeRoute((ctx) => findCustomer(ctx.store.slice(stripeState), ctx.params.id ?? "")),
    )
    .post(
      "/v1/customers/:id",
      stripeRoute((ctx, params) => {
        allowOnly(params, ["email", "name", "description", "metadata"]);
        const customer = findCustomer(ctx.store.slice(stripeState), ctx.params.id ?? "");
        const previous: Record<string, unknown> = {};
        const mail = email(params);
        const name = str(params, "name");
        const description = str(params, "description");
        // previous_attributes names only what changed, as Stripe's events do.
        // previous_attributes: the values before, of the fields this update changed.
        if (mail !== undefined) {
          previous.email = customer.email;
          customer.email = mail || null;
        }
        if (name !== undefined) {
          previous.name = customer.name;
          customer.name = name || null;
        }
        if (description !== undefined) {
          previous.description = customer.description;
          customer.description = description || null;
        }
        if (params.metadata !== undefined) {
          previous.metadata = customer.metadata;
          customer.metadata = metadata(params, customer.metadata);
        }
        emit(ctx.store, [{ type: "customer.updated", object: customer, previous }]);
        return customer;
      }),
    )
    .post(
      "/v1/products",
      stripeRoute((ctx, params) => {
        allowOnly(params, ["name", "description", "metadata", "active", "id"]);
        const id = str(params, "id") || stripeId("prod", 14);
        const state = ctx.store.slice(stripeState);
        if (state.products.has(id))
          throw new StripeError(
            400,
            "invalid_request_error",
            "Product already exists.",
            "resource_already_exists",
            "id",
          );
        const product = newProduct({
          id,
          active: bool(params, "active") ?? true,
          created: stripeNow(ctx.store),
          name: requiredStr(params, "name"),
          description: str(params, "description") || null,
          metadata: metadata(params),
        });
        state.products.set(id, product);
        return product;
      }),
    )
    .get(
      "/v1/products/:id",
      stripeRoute((ctx) => {
        const product = ctx.store.slice(stripeState).products.get(ctx.params.id ?? "");
        if (!product) throw noSuch("product", ctx.params.id ?? "");
        return product;
      }),
    )
    .post(
      "/v1/prices",
      stripeRoute((ctx, params) => {
        allowOnly(params, [
          "currency",
          "unit_amount",
          "product",
          "product_data",
          "recurring",
          "lookup_key",
          "transfer_lookup_key",
          "nickname",
          "metadata",
          "active",
        ]);
        const state = ctx.store.slice(stripeState);
        const currency = requiredStr(params, "currency").toLowerCase();
        if (!CURRENCIES.includes(currency)) throw invalid("currency", `Invalid currency: ${currency}.`);
        const unitAmount = int(params, "unit_amount");
        if (unitAmount === undefined) throw invalid("unit_amount", "Missing required param: unit_amount.");
        if (unitAmount < 0) throw invalid("unit_amount", "Invalid integer: unit_amount must be at least 0.");
        let productId = str(params, "product");
        const productData = obj(params, "product_data");
        if (productId && productData)
          throw invalid("product", "You may only specify one of these parameters: product, product_data.");
        if (productData) {
          const product = newProduct({
            id: stripeId("prod", 14),
            active: true,
            created: stripeNow(ctx.store),
            name: requiredStr(productData, "name"),
            description: null,
            metadata: metadata(productData),
          });
          state.products.set(product.id, product);
          productId = product.id;
        }
        if (!productId) throw invalid("product", "Missing required param: product.");
        if (!state.products.has(productId)) throw noSuch("product", productId, "product");
        const recurringParams = obj(params, "recurring");
        let recurring: Parameters<typeof newPrice>[0]["recurring"] = null;
        if (recurringParams) {
          const asked = requiredStr(recurringParams, "interval");
          const interval = INTERVALS.find((name) => name === asked);
          if (!interval)
            throw invalid(
              "recurring[interval]",
              `Invalid recurring[interval]: must be one of day, week, month, or year`,
            );
          const count = int(recurringParams, "interval_count") ?? 1;
          if (count < 1)
            throw invalid("recurring[interval_count]", "Invalid integer: interval_count must be positive.");
          recurring = { interval, interval_count: count };
        }
        const lookupKey = str(params, "lookup_key") || null;
        const existing = lookupKey
          ? [...state.prices.values()].find((price) => price.lookup_key === lookupKey)
          : undefined;
        if (existing) {
          // Stripe moves the key only when asked (transfer_lookup_key=true); otherwise it refuses.
          if (bool(params, "transfer_lookup_key") !== true)
            throw invalid("lookup_key", `A price (\`${existing.id}\`) already uses that lookup key.`);
          existing.lookup_key = null;
        }
        const price = newPrice({
          id: stripeId("price", 24),
          active: bool(params, "active") ?? true,
          created: stripeNow(ctx.store),
          currency,
          lookup_key: lookupKey,
          metadata: metadata(params),
          nickname: str(params, "nickname") || null,
          product: productId,
          recurring,
          unit_amount: unitAmount,
        });
        state.prices.set(price.id, price);
        return price;
      }),
    )
    .get(
      "/v1/prices/:id",
      stripeRoute((ctx) => findPrice(ctx.store.slice(stripeState), ctx.params.id ?? "", "id")),
    )
    .get(
      "/v1/prices",
      stripeRoute((ctx, params) => {
        allowOnly(params, ["active", "currency", "product", "type", "lookup_keys", "limit", "starting_after"]);
        const state = ctx.store.slice(stripeState);
        const keys = params.lookup_keys;
        if (keys !== undefined && (!Array.isArray(keys) || keys.some((key) => typeof key !== "string")))
          throw invalid("lookup_keys", "Invalid array: lookup_keys must be an array of strings.");
        const active = bool(params, "active");
        const product = str(params, "product");
        const currency = str(params, "currency");
        const type = str(params, "type");
        const prices = [...state.prices.values()].filter(
          (price) =>
            (keys === undefined || (keys as string[]).includes(price.lookup_key ?? "")) &&
            (active === undefined || price.active === active) &&
            (product === undefined || price.product === product) &&
            (currency === undefined || price.currency === currency) &&
            (type === undefined || price.type === type),
        );
        return listAnswer(prices, "/v1/prices", params);
      }),
    );
}

export function findCustomer(state: StripeState, id: string, param = "id"): StripeCustomer {
  const customer = state.customers.get(id);
  if (!customer) throw noSuch("customer", id, param);
  return customer;
}

export function findPrice(state: StripeState, id: string, param: string): StripePrice {
  const price = state.prices.get(id);
  if (!price) throw noSuch("price", id, param);
  return price;
}
