// Owns the examples of the evidence formats beside the proofs in the OpenAPI document: C2SP tlog-proofs and the
// published witness policy, answers of a real appliance (COSE receipts and key sets are binary: described by kind).
import { ofOperation, type Example } from './example';

const text = { media: 'text/plain' };

export const receiptsExamples: Example[] = [
  ofOperation(
    'GET /v1/proof/event/{event_id}/tlog-proof',
    200,
    'c2sp.org/tlog-proof@v1\nindex 0\naiP+RzQAO3UVz+VGjiYJOdedw8wY+eeJNVMyRvx6HEQ=\nCqLzCo/fwTXnKAsRPseG1IwDKjBntx/3TddcLlkgU7w=\n\nledger.example.com/acme.example\n3\nmKC2kRXS4NyC53uq8YYOr5gs2HmEf6hGS1RkguQRNT0=\n\n\u2014 ledger.example.com/acme.example sutTi+Dm/dpU7tzG/OidRHPGMrr2N7uZi3IidOWOEytWCf8VIna/6IP7gSNIdSrXYgbtGt9JnqIcyhX4P31XHtHcDA0=\n',
    text,
  ),
  ofOperation(
    'GET /v1/proof/ai/{attestation_id}/tlog-proof',
    200,
    'c2sp.org/tlog-proof@v1\nindex 1\ndKaltBbiVAm9Tf01t3F0y8xF4QIN0LugrpDnnuxLMd4=\nCqLzCo/fwTXnKAsRPseG1IwDKjBntx/3TddcLlkgU7w=\n\nledger.example.com/acme.example\n3\nmKC2kRXS4NyC53uq8YYOr5gs2HmEf6hGS1RkguQRNT0=\n\n\u2014 ledger.example.com/acme.example sutTi+Dm/dpU7tzG/OidRHPGMrr2N7uZi3IidOWOEytWCf8VIna/6IP7gSNIdSrXYgbtGt9JnqIcyhX4P31XHtHcDA0=\n',
    text,
  ),
  ofOperation(
    'GET /v1/proof/document/{event_id}/tlog-proof',
    200,
    'c2sp.org/tlog-proof@v1\nindex 2\nbj55rmuse4rNYo71OoYg1qoU03U+/NKu40HvJcUiuOY=\n\nledger.example.com/acme.example\n3\nmKC2kRXS4NyC53uq8YYOr5gs2HmEf6hGS1RkguQRNT0=\n\n\u2014 ledger.example.com/acme.example sutTi+Dm/dpU7tzG/OidRHPGMrr2N7uZi3IidOWOEytWCf8VIna/6IP7gSNIdSrXYgbtGt9JnqIcyhX4P31XHtHcDA0=\n',
    text,
  ),
  ofOperation(
    'GET /v1/audit/events/{id}/tlog-proof',
    200,
    'c2sp.org/tlog-proof@v1\nindex 0\n\nledger.example.com/acme.example/audit/org_acme\n1\n+HTX22SbjFxKYzM+p18YYfDO1dmTnWcDGLeMsvdU454=\n\n\u2014 ledger.example.com/acme.example/audit/org_acme Lp8T7rgGNrPd387IQFGXSbmiOXJnEol2voCHvyRFxwvWi0rgBw4MXPvfyuiNGPtqvs4jhejHyJVUEPqi68CMkD8jFgo=\n',
    text,
  ),
  ofOperation(
    'GET /v1/proof/head/tlog-proof',
    200,
    'c2sp.org/tlog-proof@v1\nindex 2\n+P5/QPakkPXrAqhYe65xqH8/w8B/zJdzCoMhTktTIOY=\n\nledger.example.com/head\n3\nsS57fJs2SUpTQK/LS9XIZ0C6Bt1jSUNx9lC5Ji6iVKE=\n\n\u2014 ledger.example.com/head q079yIxggo6u3OEuHGbbE2rT3YGjKXTBPIMWl7nFSVLguMNenPqHCH75Ci5W4A8gFwvNQHHt7HfXPQWlmxYYIPW2QQo=\n',
    text,
  ),
  ofOperation(
    'GET /.well-known/svc-witness-policy',
    200,
    'log ledger.example.com/head+ab4efdc8+AXd1S/qlpfGBIAPtK1vb7HkoVAHW3kwfnaU3NwV1mtOn\nquorum none\n',
    text,
  ),
];
