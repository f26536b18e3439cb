"""Content Security Policy (issue 7, point 8): only the page's origin, no
inline JavaScript, and what the runtime needs; the app boots under it and
injected script is refused."""

from __future__ import annotations

from html.parser import HTMLParser

from webtest_helpers import ROOT, wait_ready

# every violation the page reports, recorded from before its own scripts run
RECORD = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
    {directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample}));
"""


class _Meta(HTMLParser):
    def __init__(self):
        super().__init__()
        self.policies = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(attrs.get("content", ""))


def _policy() -> dict:
    meta = _Meta()
    meta.feed((ROOT / "index.html").read_text())
    assert len(meta.policies) == 1
    return {d.split()[0]: d.split()[1:] for d in (p.strip() for p in meta.policies[0].split(";")) if d}


def test_the_policy_allows_only_this_origin_and_no_inline_script():
    policy = _policy()
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
    for directive, sources in policy.items():
        assert "'unsafe-inline'" not in sources and "*" not in sources, directive
        assert all(s.startswith("'") or s in ("data:", "blob:") for s in sources), directive


def test_the_app_boots_without_violations_and_refuses_injected_script(page, base_url):
    page.add_init_script(RECORD)
    page.goto(base_url)
    wait_ready(page)
    page.click("#tab-settings")
    page.click("#open-data")
    page.wait_for_selector("#data-export")
    assert page.evaluate("window.__csp") == []

    # an inline <script>, an event-handler attribute and a javascript: URL,
    # as an injection bug would put them in the page
    page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__pwned = "script"';
        document.body.append(s);
        const box = document.createElement('div');
        box.innerHTML = '<img src="data:," onerror="window.__pwned = \\'handler\\'">'
                      + '<a id="js-link" href="javascript:window.__pwned=\\'url\\'">x</a>';
        document.body.append(box);
    }""")
    page.evaluate("document.getElementById('js-link').click()")
    page.wait_for_function("window.__csp.length >= 3")
    assert page.evaluate("window.__pwned") is None
    refused = sorted((v["directive"], v["blocked"]) for v in page.evaluate("window.__csp"))
    # the <script> and the javascript: URL (script-src-elem), the onerror attribute (script-src-attr)
    assert refused == [("script-src-attr", "inline"), ("script-src-elem", "inline"),
                       ("script-src-elem", "inline")]
    assert page.dialogs == []


def test_without_unsafe_eval_the_runtime_cannot_start(browser, own_server):
    """Why the policy has 'unsafe-eval': Pyodide needs it (measured)."""
    srv = own_server()
    index = srv.site_root / "index.html"
    html = index.read_text()
    assert "script-src 'self' 'unsafe-eval' " in html
    index.write_text(html.replace("script-src 'self' 'unsafe-eval' ", "script-src 'self' "))
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(RECORD)
        page.goto(srv.url)
        page.wait_for_function("() => window.__csp.some(v => v.blocked === 'eval')", timeout=60_000)
        assert page.get_attribute("body", "data-ready") is None
    finally:
        context.close()
