#include "core/bake/bake.h"

namespace sw::bake {

const SettingsSchema<BakeSettings>& bakeSchema() {
    static const SettingsSchema<BakeSettings> schema = [] {
        SettingsSchema<BakeSettings> s("bake", "Bake");
        addNormalSnapParams(s);
        addFloaterParams(s);
        addSplitParams(s);
        addOrderParams(s);
        addChannelParams(s);
        addMaterialParams(s);
        addChunkParams(s);
        return s;
    }();
    return schema;
}

}  // namespace sw::bake
