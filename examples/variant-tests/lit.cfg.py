# The lit configuration of this suite: fairyc's own, installed with it
# (docs/testing-variants.md). fairyc-lit says where it is
# (FAIRYC_LIT_CONFIG); run by lit itself, it is found beside the fairyc on
# PATH, in PREFIX/share/fairyc/lit.
import os
import shutil

config.name = "Frontier Chess"

fairyc_config = os.environ.get("FAIRYC_LIT_CONFIG")
if not fairyc_config:
    fairyc = shutil.which("fairyc")
    if not fairyc:
        lit_config.fatal("fairyc is not on PATH: run the suite with "
                         "fairyc-lit, or set FAIRYC_LIT_CONFIG to "
                         "PREFIX/share/fairyc/lit/fairyc.cfg.py")
    fairyc_config = os.path.join(os.path.dirname(os.path.realpath(fairyc)),
                                 os.pardir, "share", "fairyc", "lit",
                                 "fairyc.cfg.py")
if not os.path.isfile(fairyc_config):
    lit_config.fatal("no fairyc lit configuration at %s: is fairyc "
                     "installed (cmake --install)?" % fairyc_config)
lit_config.load_config(config, fairyc_config)
