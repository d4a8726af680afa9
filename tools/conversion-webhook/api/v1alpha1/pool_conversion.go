package v1alpha1

import (
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	"crdconv/tools/conversion-webhook/api/v1beta1"
	"crdconv/tools/conversion-webhook/conversiondata"
)

// DropStatusMessage plants a bug for the tests of `crdconv compare`: when set, both directions
// lose status.message, as a published Go conversion was found to lose a status field.
var DropStatusMessage = false

// ConvertTo converts this v1alpha1 Pool to the hub, restoring what v1alpha1 cannot hold from the
// conversiondata annotation.
func (src *Pool) ConvertTo(hubRaw conversion.Hub) error {
	hub := hubRaw.(*v1beta1.Pool)
	hub.ObjectMeta = src.ObjectMeta
	hub.Spec.Replicas = src.Spec.Size
	hub.Spec.Image = src.Spec.Image
	hub.Spec.Memory = src.Spec.Memory
	hub.Status = v1beta1.PoolStatus(src.Status)
	if DropStatusMessage {
		hub.Status.Message = ""
	}

	restored := &v1beta1.Pool{}
	found, err := conversiondata.Unmarshal(&hub.ObjectMeta, restored)
	if err != nil || !found {
		return err
	}
	hub.Spec.Paused = restored.Spec.Paused
	return nil
}

// ConvertFrom converts the hub to this v1alpha1 Pool, keeping the whole hub (without metadata) in
// the conversiondata annotation.
func (dst *Pool) ConvertFrom(hubRaw conversion.Hub) error {
	hub := hubRaw.(*v1beta1.Pool)
	dst.ObjectMeta = hub.ObjectMeta
	dst.Spec.Size = hub.Spec.Replicas
	dst.Spec.Image = hub.Spec.Image
	dst.Spec.Memory = hub.Spec.Memory
	dst.Status = PoolStatus(hub.Status)
	if DropStatusMessage {
		dst.Status.Message = ""
	}
	return conversiondata.Marshal(hub, dst)
}
