#!/usr/bin/env python3
"""Writes a FinanceKit-shaped history feed (docs/formats/feed.md) of any size.

    gen_feed.py FEED --transactions 1000000 --batches 10000      a new feed
    gen_feed.py FEED --append 10                                 10 more transaction batches
    gen_feed.py FEED --jsonl FEED.jsonl                          also write the JSON Lines form

The feed has --accounts accounts (the last one a liability, like a credit card; at least one
asset). Transaction batches go round-robin over the accounts, one day of one account per batch;
each batch inserts its share of new transactions; about 5% of them arrive pending and the
account's next batch books them (an update of the same id), or, for about 1% of pending holds,
deletes them. Every --balance-every transaction batches of an account
(and after the last batch of a run) the account's balance stream gets a booked balance equal to
the sum of its booked transactions, so every checkpoint reconciles.

Amounts are integers of cents formatted as decimal strings: no float ever holds money. Files are
written to a temporary name and renamed, as the format requires. The generator's own state
(positions, tokens, balances) lives in FEED/.gen_feed_state.json; readers skip dot-files.
"""

import argparse
import hashlib
import json
import os
import random
import sys
import uuid

STATE = ".gen_feed_state.json"
NAMESPACE = uuid.UUID("5b1f3a52-0c1e-4e0f-9d7e-3c2a1f0b9e11")
MERCHANTS = [
    ("Corner Bakery", 5462, "pointOfSale"), ("City Grocer", 5411, "pointOfSale"),
    ("Metro Transit", 4111, "pointOfSale"), ("Fuel Station", 5541, "pointOfSale"),
    ("Bookshop", 5942, "pointOfSale"), ("Pharmacy", 5912, "pointOfSale"),
    ("Online Store", 5999, "pointOfSale"), ("Restaurant", 5812, "pointOfSale"),
]


def token(*parts):
    return hashlib.sha256("|".join(str(p) for p in parts).encode()).hexdigest()[:24]


def money(cents):
    return "%d.%02d" % (cents // 100, cents % 100)


def iso_day(ordinal):
    """Day number 0 = 2020-01-01, as YYYY-MM-DD (proleptic Gregorian)."""
    import datetime
    return (datetime.date(2020, 1, 1) + datetime.timedelta(days=ordinal)).isoformat()


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp")
    with open(tmp, "w") as f:
        json.dump(obj, f, separators=(",", ":"))
    os.replace(tmp, path)


def batch_name(seq):
    return "%012d.json" % seq


def new_state(args):
    rng_seed = args.seed
    accounts = []
    for i in range(args.accounts):
        kind = "liability" if (i == args.accounts - 1 and args.accounts > 1) else "asset"
        accounts.append({
            "id": str(uuid.uuid5(NAMESPACE, "account-%d-%d" % (rng_seed, i))).upper(),
            "kind": kind,
            "seq": 0, "token": None, "balanceSeq": 0, "balanceToken": None,
            "booked": 0, "day": 0, "pending": [], "batches": 0,
        })
    return {"epoch": str(uuid.uuid5(NAMESPACE, "epoch-%d" % rng_seed)), "timeZone": args.time_zone,
            "seed": rng_seed, "accountsSeq": 0, "accountsToken": None, "next": 0, "round": 0,
            "accounts": accounts}


def account_model(account, index):
    body = {
        "id": account["id"], "displayName": "Account %d" % (index + 1),
        "institutionName": "Example Bank", "currencyCode": "EUR", "openingDate": "2019-12-01",
    }
    if account["kind"] == "liability":
        body["displayName"] = "Card"
        body["creditInformation"] = {"creditLimit": {"amount": "5000.00", "currencyCode": "EUR"}}
        return {"liability": body}
    return {"asset": body}


def write_accounts(feed, state):
    state["accountsSeq"] += 1
    seq = state["accountsSeq"]
    new = token(state["epoch"], "accounts", seq)
    batch = {"stream": "accounts", "seq": seq, "previousToken": state["accountsToken"], "newToken": new,
             "reset": False, "inserted": [account_model(a, i) for i, a in enumerate(state["accounts"])],
             "updated": [], "deleted": []}
    state["accountsToken"] = new
    write_json(os.path.join(feed, "accounts", batch_name(seq)), batch)


def transaction(state, account, rng, day, status):
    state["next"] += 1
    number = state["next"]
    merchant, mcc, kind = MERCHANTS[rng.randrange(len(MERCHANTS))]
    cents = rng.randrange(100, 20000)
    if account["kind"] == "asset" and rng.randrange(20) == 0:
        merchant, mcc, kind, indicator, cents = "Employer Payroll", None, "directDeposit", "credit", rng.randrange(150000, 400000)
    elif account["kind"] == "liability" and rng.randrange(25) == 0:
        merchant, mcc, kind, indicator = "Payment, thank you", None, "payment", "credit"
        cents = rng.randrange(10000, 100000)
    else:
        indicator = "debit"
    second = rng.randrange(0, 86400)
    model = {
        "id": str(uuid.uuid5(NAMESPACE, "tx-%d-%d" % (state["seed"], number))).upper(),
        "accountID": account["id"],
        "transactionAmount": {"amount": money(cents), "currencyCode": "EUR"},
        "creditDebitIndicator": indicator,
        "transactionDate": "%sT%02d:%02d:%02dZ" % (iso_day(day), second // 3600, second // 60 % 60, second % 60),
        "transactionDescription": merchant,
        "originalTransactionDescription": merchant.upper() + " #%d" % (number % 1000),
        "merchantName": merchant,
        "transactionType": kind,
        "status": status,
    }
    if mcc is not None:
        model["merchantCategoryCode"] = mcc
    if status == "booked":
        model["postedDate"] = iso_day(day)
    return model, (cents if indicator == "credit" else -cents)


def write_transaction_batch(feed, state, account, rng, size):
    account["seq"] += 1
    account["day"] += 1
    seq, day = account["seq"], account["day"]
    inserted, updated, deleted = [], [], []
    # Book (or drop) what the previous batch left pending.
    for held in account["pending"]:
        model, signed = held
        if rng.randrange(100) == 0:
            deleted.append(model["id"])
        else:
            model["status"] = "booked"
            model["postedDate"] = iso_day(day)
            updated.append(model)
            account["booked"] += signed
    account["pending"] = []
    for _ in range(size):
        status = "pending" if rng.randrange(20) == 0 else "booked"
        model, signed = transaction(state, account, rng, day, status)
        inserted.append(model)
        if status == "booked":
            account["booked"] += signed
        else:
            account["pending"].append((model, signed))
    new = token(state["epoch"], "transactions", account["id"], seq)
    batch = {"stream": "transactions", "accountID": account["id"], "seq": seq,
             "previousToken": account["token"], "newToken": new, "reset": False,
             "inserted": inserted, "updated": updated, "deleted": deleted}
    account["token"] = new
    account["batches"] += 1
    write_json(os.path.join(feed, "transactions", account["id"], batch_name(seq)), batch)
    return len(inserted)


def write_balance_batch(feed, state, account):
    account["balanceSeq"] += 1
    seq = account["balanceSeq"]
    booked = account["booked"]
    indicator = "credit" if booked >= 0 else "debit"
    balance = {"amount": {"amount": money(abs(booked)), "currencyCode": "EUR"},
               "asOfDate": iso_day(account["day"]) + "T21:59:59Z", "creditDebitIndicator": indicator}
    model = {"id": str(uuid.uuid5(NAMESPACE, "bal-%s-%d" % (account["id"], seq))).upper(),
             "accountID": account["id"], "currencyCode": "EUR", "currentBalance": {"booked": balance}}
    new = token(state["epoch"], "balances", account["id"], seq)
    batch = {"stream": "balances", "accountID": account["id"], "seq": seq,
             "previousToken": account["balanceToken"], "newToken": new, "reset": False,
             "inserted": [model], "updated": [], "deleted": []}
    account["balanceToken"] = new
    write_json(os.path.join(feed, "balances", account["id"], batch_name(seq)), batch)


def run_batches(feed, state, count, per_batch, balance_every):
    rng = random.Random("%d-%d" % (state["seed"], state["round"]))
    state["round"] += 1
    touched = set()
    written = 0
    for i in range(count):
        account = state["accounts"][(state["round"] * 7 + i) % len(state["accounts"])]
        written += write_transaction_batch(feed, state, account, rng, per_batch)
        touched.add(account["id"])
        if account["batches"] % balance_every == 0:
            write_balance_batch(feed, state, account)
            touched.discard(account["id"])
    for account in state["accounts"]:
        if account["id"] in touched:
            write_balance_batch(feed, state, account)
    return written


def write_jsonl(feed, state, path):
    """The JSON Lines form: the manifest, then every batch, each stream in sequence order."""
    with open(path + ".tmp", "w") as out:
        with open(os.path.join(feed, "feed.json")) as f:
            out.write(json.dumps(json.load(f), separators=(",", ":")) + "\n")
        streams = [("accounts",)]
        for a in state["accounts"]:
            streams += [("balances", a["id"]), ("transactions", a["id"])]
        for stream in streams:
            folder = os.path.join(feed, *stream)
            if not os.path.isdir(folder):
                continue
            for name in sorted(n for n in os.listdir(folder) if not n.startswith(".")):
                with open(os.path.join(folder, name)) as f:
                    out.write(f.read().strip() + "\n")
    os.replace(path + ".tmp", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("feed")
    parser.add_argument("--transactions", type=int, default=1000)
    parser.add_argument("--batches", type=int, default=10)
    parser.add_argument("--accounts", type=int, default=3)
    parser.add_argument("--append", type=int, metavar="K", help="append K transaction batches to an existing feed")
    parser.add_argument("--per-batch", type=int, default=100, help="transactions per appended batch")
    parser.add_argument("--balance-every", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-zone", default="Europe/Paris")
    parser.add_argument("--jsonl", metavar="FILE", help="also write the feed's JSON Lines form")
    args = parser.parse_args()
    state_path = os.path.join(args.feed, STATE)

    if args.append is not None:
        with open(state_path) as f:
            state = json.load(f)
        written = run_batches(args.feed, state, args.append, args.per_batch, args.balance_every)
    else:
        if os.path.exists(os.path.join(args.feed, "feed.json")):
            sys.exit("gen_feed.py: %s already holds a feed; use --append or another folder" % args.feed)
        if args.batches < 1 or args.transactions < args.batches:
            sys.exit("gen_feed.py: need at least one transaction per batch")
        state = new_state(args)
        os.makedirs(args.feed, exist_ok=True)
        write_json(os.path.join(args.feed, "feed.json"),
                   {"format": "financekit-history", "version": 1, "epoch": state["epoch"], "timeZone": args.time_zone})
        write_accounts(args.feed, state)
        per_batch, extra = divmod(args.transactions, args.batches)
        written = 0
        # Spread the remainder: the first `extra` batches get one more.
        if extra:
            written += run_batches(args.feed, state, extra, per_batch + 1, args.balance_every)
        written += run_batches(args.feed, state, args.batches - extra, per_batch, args.balance_every)
    with open(state_path + ".tmp", "w") as f:
        json.dump(state, f)
    os.replace(state_path + ".tmp", state_path)
    if args.jsonl:
        write_jsonl(args.feed, state, args.jsonl)
    print("gen_feed.py: %s: %d new transactions" % (args.feed, written), file=sys.stderr)


if __name__ == "__main__":
    main()
